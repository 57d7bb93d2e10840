// The C that RACSwift calls by hand, for the fenced memory layer only: the runtime's try-retain
// (Sources/RACSwift/Memory/UnretainedReference.swift states why and when it is safe), the
// current-scheduler thread slot (Sources/RACSwift/Memory/CurrentSchedulerSlot.swift) and the
// calling thread's address (Sources/RACSwift/Memory/ThreadAddress.swift).
#ifndef RACSWIFT_RUNTIME_SHIMS_H
#define RACSWIFT_RUNTIME_SHIMS_H

// The runtime's try-retain, what loading a weak reference uses: increments the object's strong
// reference count unless the object has begun to deinitialize; returns the object, or null if
// it has. Part of the runtime's stable ABI (C calling convention, HeapObject.h) on every
// platform Swift ships on.
extern void *_Nullable swift_tryRetain(void *_Nonnull object);

// Called from Swift as a C function, so that the runtime's name is not bound with
// @_silgen_name (which the compiler reserves) and the call uses the C calling convention.
// True if it retained the object.
static inline _Bool racswift_try_retain(void *_Nonnull object) {
    return swift_tryRetain(object) != 0;
}

// The current scheduler's address, unretained, one per thread (C11 thread storage: each thread
// starts with null). Defined once, in RACSwiftRuntimeShims.c — a `static` one here would be a
// separate slot in every file that inlines these. Swift does not import thread-local
// variables, hence the accessors; inlined, each is a load or a store through the thread
// pointer (no once-check and no call, as `pthread_getspecific` under a lazy key needs).
extern _Thread_local void *_Nullable racswift_current_scheduler;

static inline void *_Nullable racswift_current_scheduler_get(void) {
    return racswift_current_scheduler;
}

static inline void racswift_current_scheduler_set(void *_Nullable scheduler) {
    racswift_current_scheduler = scheduler;
}

// A byte of thread storage whose address names the calling thread: distinct for every thread
// alive at once, as pthread_self() is, and read without a call (pthread_self goes through the
// PLT into libc, a call at every recursive-lock entry). Defined once, in
// RACSwiftRuntimeShims.c, for the same reason as the slot above.
extern _Thread_local char racswift_thread_marker;

static inline void *_Nonnull racswift_thread_address(void) {
    return &racswift_thread_marker;
}

#endif
