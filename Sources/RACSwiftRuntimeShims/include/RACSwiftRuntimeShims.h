// The one entry point of the Swift runtime that RACSwift calls by hand, for the fenced memory
// layer only (Sources/RACSwift/Memory/GatedReference.swift states why and when it is safe).
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

#endif
