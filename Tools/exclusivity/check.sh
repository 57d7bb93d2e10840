#!/usr/bin/env bash
# Every `@exclusivity(unchecked)` in Sources/RACSwift must turn off a dynamic check the optimizer
# would keep (issue 39, item 4). The library's sources are copied with the attribute removed and
# compiled to whole-module optimized SIL; a property so marked whose accesses then carry no
# `begin_access [dynamic]` had the attribute for nothing (the optimizer proves those accesses
# never nest, so the compiler already enforces exclusivity statically), and the check fails
# naming it. `@usableFromInline` properties are exempt: inlinable code that reaches them is
# optimized again in the caller's module, where no such proof is possible. Each attribute that
# stays states its measurement at the site. About 30 s of CPU.
set -euo pipefail
cd "$(dirname "$0")/../.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r Sources/RACSwift "$work/src"
find "$work/src" -name '*.swift' -exec sed -i 's/@exclusivity(unchecked) //' {} +
# shellcheck disable=SC2046
swiftc -emit-sil -O -wmo -parse-as-library -swift-version 6 -module-name RACSwift \
    -I Sources/RACSwiftRuntimeShims/include $(find "$work/src" -name '*.swift') \
    -o "$work/RACSwift.sil" 2>"$work/swiftc.log" || { cat "$work/swiftc.log"; exit 1; }
python3 Tools/exclusivity/dynamic-accesses.py "$work/RACSwift.sil" > "$work/dynamic.txt"

python3 - "$work/dynamic.txt" <<'PY'
import re, sys, pathlib
dynamic = {line.split()[1] for line in open(sys.argv[1])}
declaration = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |internal |private |fileprivate |open )?'
                         r'(?:final )?(?:class|struct|enum)\s+(\w+)')
redundant, kept = [], 0
for path in sorted(pathlib.Path('Sources/RACSwift').rglob('*.swift')):
    lines = path.read_text().split('\n')
    for number, line in enumerate(lines, 1):
        if '@exclusivity(unchecked)' not in line or line.lstrip().startswith('//'):
            continue
        name = re.search(r'\b(?:var|let)\s+(\w+)', line)
        owner = next((m.group(1) for m in map(declaration.match, reversed(lines[:number])) if m), '?')
        field = f'{owner}.{name.group(1) if name else "?"}'
        if 'usableFromInline' in line or field in dynamic:
            kept += 1
        else:
            redundant.append(f'{path}:{number}: {field}')
if redundant:
    print('exclusivity check: these fields are @exclusivity(unchecked) but the optimizer leaves')
    print('them no dynamic check; remove the attribute:')
    print('\n'.join('  ' + r for r in redundant))
    sys.exit(1)
print(f'exclusivity check: {kept} @exclusivity(unchecked) fields, each turning off a dynamic check')
PY
