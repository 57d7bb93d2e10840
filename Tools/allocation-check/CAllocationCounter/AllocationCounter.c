// Counts the process's allocations for the allocation check (Tools/allocation-check/run.sh),
// as swift-nio's allocation-counter tests do: the executable defines the allocator's entry
// points, so every library in the process (the Swift runtime, Foundation, Dispatch) calls
// these, and each forwards to glibc's own implementation (__libc_malloc …) after one relaxed
// atomic increment. Only the check's executable links this target.
//
// Not under a sanitizer: AddressSanitizer and ThreadSanitizer interpose the allocator
// themselves (SwiftPM compiles C targets with the same -fsanitize flag, so __has_feature tells),
// and counting there would be meaningless; the counter then defines nothing and reports itself
// inactive. Linux/glibc only, for the same reason (the __libc_ entry points).
#include "AllocationCounter.h"

#include <errno.h>  // and with it, on glibc, features.h's __GLIBC__
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define RACSWIFT_SANITIZED 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(RACSWIFT_SANITIZED)
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static _Atomic long allocations;
static _Atomic long frees;

static inline void counted(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) counted();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL) atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    counted();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
    counted();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    counted();
    return __libc_pvalloc(size);
}

int racswift_allocation_counter_is_active(void) { return 1; }
long racswift_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
long racswift_free_count(void) { return atomic_load_explicit(&frees, memory_order_relaxed); }
#else
int racswift_allocation_counter_is_active(void) { return 0; }
long racswift_allocation_count(void) { return 0; }
long racswift_free_count(void) { return 0; }
#endif
