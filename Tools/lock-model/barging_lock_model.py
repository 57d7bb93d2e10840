import sys
# An exhaustive check of BargingLock's wake-up protocol (Sources/RACSwift/Support/Locks.swift,
# Linux), written for issue 20d. Every interleaving of a few threads, each step one atomic
# operation on a lock's word or one pthread mutex/condition operation on a parking-lot bucket,
# under sequential consistency (the word's orderings are argued in Locks.swift; every step
# that decides whether to sleep or to wake runs under the bucket's mutex). Spinning is a free
# choice (the real spin bound only removes paths). cond_wait releases the bucket mutex and
# sleeps in one step; a broadcast wakes every sleeper of the bucket; spurious wake-ups are
# checked both allowed and not (allowing them can hide a lost wake-up).
#
# Checked: mutual exclusion (an assertion on each critical section) and that from every
# reachable state the all-finished state is still reachable (a lost wake-up leaves a sleeper
# nobody will wake, which has no such path). Configurations: one lock, 3 and 4 threads, two
# buckets; two locks sharing one bucket; nested locks (0 then 1) with a thread taking only 1.
#
#   python3 Tools/lock-model/barging_lock_model.py            # the protocol: ALL OK
#   python3 Tools/lock-model/barging_lock_model.py --mutate fast-unlock-ignores-parked
#   python3 Tools/lock-model/barging_lock_model.py --mutate sleep-after-releasing-mutex
# (each mutation is a seeded bug the check must find: it prints the stuck state and FAILED).
MUTATION = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == '--mutate' else None
from collections import deque
HELD, PARKED = 1, 2

def run(nthreads, locks_of, nbuckets, thread_bucket, rounds, spurious):
    # thread state: (pc, lockidx, round, seen, bucket, cur)
    # shared: words tuple, bucket mutex owners tuple, waiters: frozenset of thread ids per bucket
    init_threads = tuple(('start', 0, 0, 0, 0, 0) for _ in range(nthreads))
    nlocks = 1 + max(max(l) for l in locks_of)
    init = (init_threads, (0,)*nlocks, (None,)*nbuckets, (frozenset(),)*nbuckets, (None,)*nlocks)
    seen_states = {init: None}
    q = deque([init])
    def succ(state):
        threads, words, bm, waiters, owner = state
        out = []
        for t in range(nthreads):
            pc, li, rnd, seen, b, cur = threads[t]
            L = locks_of[t][li] if li < len(locks_of[t]) else None
            def upd(th=None, w=None, m=None, wt=None, ow=None):
                nt = list(threads); nt[t] = th if th else threads[t]
                out.append((tuple(nt), w if w is not None else words, m if m is not None else bm,
                            wt if wt is not None else waiters, ow if ow is not None else owner))
            def setw(i, v):
                l = list(words); l[i] = v; return tuple(l)
            def setm(i, v):
                l = list(bm); l[i] = v; return tuple(l)
            def setwt(i, v):
                l = list(waiters); l[i] = v; return tuple(l)
            def seto(i, v):
                # mutual exclusion: a lock is taken only when nobody holds it
                assert v is None or owner[i] is None, f"two holders of lock {i}: {state}"
                l = list(owner); l[i] = v; return tuple(l)
            if pc == 'done': continue
            if pc == 'start':
                if rnd == rounds: upd(th=('done',0,0,0,0,0)); continue
                # fast lock CAS 0 -> HELD
                if words[L] == 0: upd(th=('cs',li,rnd,0,0,0), w=setw(L,HELD), ow=seto(L,t))
                else: upd(th=('loop',li,rnd,0,0,0))
            elif pc == 'loop':  # lockContended: load
                c = words[L]
                if c & HELD == 0:
                    # weak CAS current -> current|HELD (atomic here; a failure just loops)
                    upd(th=('cs',li,rnd,0,0,0), w=setw(L, c|HELD), ow=seto(L,t))
                else:
                    if c & PARKED == 0: upd(th=('loop',li,rnd,0,0,0))  # spin (bounded in reality; a choice here)
                    upd(th=('park_pick',li,rnd,c,0,0))
            elif pc == 'park_pick':
                bi = (seen >> 2) if seen & PARKED else thread_bucket[t]
                upd(th=('park_lock',li,rnd,seen,bi,0))
            elif pc == 'park_lock':
                if bm[b] is None: upd(th=('park_check',li,rnd,seen,b,0), m=setm(b,t))
            elif pc == 'park_check':
                c = words[L]
                if c & HELD == 0: upd(th=('park_unlock',li,rnd,seen,b,0))
                elif c & PARKED:
                    if (c >> 2) != b: upd(th=('park_unlock',li,rnd,seen,b,0))
                    else: upd(th=('park_wait',li,rnd,seen,b,0))
                else:
                    upd(th=('park_cas',li,rnd,seen,b,c))
            elif pc == 'park_cas':
                marked = cur | PARKED | (b << 2)
                if words[L] == cur: upd(th=('park_wait',li,rnd,seen,b,0), w=setw(L, marked))
                else: upd(th=('park_unlock',li,rnd,seen,b,0))
            elif pc == 'park_wait':  # cond_wait: atomically release mutex, sleep
                if MUTATION == 'sleep-after-releasing-mutex':
                    upd(th=('gap',li,rnd,seen,b,0), m=setm(b,None))
                else:
                    upd(th=('asleep',li,rnd,seen,b,0), m=setm(b,None), wt=setwt(b, waiters[b] | {t}))
            elif pc == 'gap':
                upd(th=('asleep',li,rnd,seen,b,0), wt=setwt(b, waiters[b] | {t}))
            elif pc == 'asleep':
                if spurious and t in waiters[b]:
                    upd(th=('reacquire',li,rnd,seen,b,0), wt=setwt(b, waiters[b] - {t}))
            elif pc == 'woken':  # removed from waiters by broadcast
                upd(th=('reacquire',li,rnd,seen,b,0))
            elif pc == 'reacquire':
                if bm[b] is None: upd(th=('park_unlock',li,rnd,seen,b,0), m=setm(b,t))
            elif pc == 'park_unlock':
                upd(th=('loop',li,rnd,0,0,0), m=setm(b,None))
            elif pc == 'cs':
                assert owner[L] == t
                # nested: take the next lock of the list if any (locks taken in list order)
                if li + 1 < len(locks_of[t]): upd(th=('start',li+1,rnd,0,0,0))
                else: upd(th=('unlock',li,rnd,0,0,0))
            elif pc == 'unlock':
                nxt = ('unlock', li-1, rnd,0,0,0) if li > 0 else ('start',0,rnd+1,0,0,0)
                fast = (words[L] & HELD) if MUTATION == 'fast-unlock-ignores-parked' else words[L] == HELD
                if fast: upd(th=nxt, w=setw(L,0), ow=seto(L,None))
                else: upd(th=('ul_load',li,rnd,0,0,0))
            elif pc == 'ul_load':
                c = words[L]; assert c & HELD
                upd(th=('ul_lock',li,rnd,0,c>>2,0))
            elif pc == 'ul_lock':
                if bm[b] is None: upd(th=('ul_store',li,rnd,0,b,0), m=setm(b,t))
            elif pc == 'ul_store':
                upd(th=('ul_bcast',li,rnd,0,b,0), w=setw(L,0), ow=seto(L,None))
            elif pc == 'ul_bcast':
                nt = list(threads)
                for s in waiters[b]:
                    p = nt[s]; nt[s] = ('woken',) + p[1:]
                nt[t] = ('ul_unlock',li,rnd,0,b,0)
                out.append((tuple(nt), words, bm, setwt(b, frozenset()), owner))
            elif pc == 'ul_unlock':
                nxt = ('unlock', li-1, rnd,0,0,0) if li > 0 else ('start',0,rnd+1,0,0,0)
                upd(th=nxt, m=setm(b,None))
        return out
    while q:
        s = q.popleft()
        nxt = succ(s)
        threads = s[0]
        if all(th[0] == 'done' for th in threads): continue
        if not nxt:
            print("DEADLOCK/LOST WAKE-UP:", s); return False
        for n in nxt:
            if n not in seen_states:
                seen_states[n] = s; q.append(n)
    # liveness: from every reachable state, the all-done state must be reachable (no trap of sleepers)
    # compute backward reachability from terminal states
    succs = {s: succ(s) for s in seen_states}
    preds = {s: [] for s in seen_states}
    for s, ns in succs.items():
        for n in ns: preds[n].append(s)
    good = set(s for s in seen_states if all(th[0]=='done' for th in s[0]))
    dq = deque(good)
    while dq:
        s = dq.popleft()
        for p in preds[s]:
            if p not in good: good.add(p); dq.append(p)
    bad = [s for s in seen_states if s not in good]
    print(f"states={len(seen_states)} stuck(no path to completion)={len(bad)}")
    if bad: print("example:", bad[0])
    return not bad

ok = True
for sp in (False, True):
    # one lock, 3 threads x 2 rounds, sleepers split over two buckets
    ok &= run(3, [[0],[0],[0]], 2, [0,1,0], 2, spurious=sp)
    # two locks whose sleepers share the one bucket
    ok &= run(3, [[0],[1],[0]], 1, [0,0,0], 2, spurious=sp)
    # nested: lock 0 then lock 1, and lock 1 alone
    ok &= run(3, [[0,1],[1],[0,1]], 2, [0,1,1], 1, spurious=sp)
    # one lock, 4 threads
    ok &= run(4, [[0],[0],[0],[0]], 2, [0,1,0,1], 1, spurious=sp)
ok &= run(3, [[0,1],[1],[0,1]], 1, [0,0,0], 1, spurious=False)
print("ALL OK" if ok else "FAILED")
sys.exit(0 if ok else 1)
