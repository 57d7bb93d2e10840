#!/usr/bin/env python3
"""Counts, per stored property, the dynamic exclusivity checks left in optimized SIL.

Reads the SIL of a whole-module optimized build (`swiftc -emit-sil -O -wmo`) and prints one
line per class property that still has `begin_access [...] [dynamic]` instructions: the count,
`Type.property`, and the number of functions they sit in. A property missing from the output
had every dynamic check removed by the optimizer (its accesses are provably never nested).
"""
import collections
import re
import sys

FUNCTION = re.compile(r'^sil .*?@(\S+)')
FIELD = re.compile(r'\s*(%\d+) = ref_element_addr (?:\[\w+\] )?%\d+(?: : \$[^,]*)?, #([\w.]+)')
DYNAMIC = re.compile(r'begin_access \[\w+\] \[dynamic\](?: \[no_nested_conflict\])? (%\d+)')


def count(path):
    fields, counts, functions = {}, collections.Counter(), collections.defaultdict(set)
    function = None
    with open(path) as sil:
        for line in sil:
            match = FUNCTION.match(line)
            if match:
                function, fields = match.group(1), {}
                continue
            match = FIELD.match(line)
            if match:
                fields[match.group(1)] = match.group(2)
                continue
            match = DYNAMIC.search(line)
            if match and match.group(1) in fields:
                field = fields[match.group(1)]
                counts[field] += 1
                functions[field].add(function)
    return counts, functions


if __name__ == '__main__':
    counts, functions = count(sys.argv[1])
    for field, n in counts.most_common():
        print(n, field, len(functions[field]))
