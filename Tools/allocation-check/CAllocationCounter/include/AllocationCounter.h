#ifndef RACSWIFT_ALLOCATION_COUNTER_H
#define RACSWIFT_ALLOCATION_COUNTER_H

/// Whether this build counts allocations: 1 on Linux with glibc and no sanitizer, else 0
/// (a sanitizer's runtime interposes the allocator itself).
int racswift_allocation_counter_is_active(void);

/// The allocations (malloc, calloc, realloc of NULL, the aligned forms) and the frees of a
/// non-null pointer made by the whole process so far.
long racswift_allocation_count(void);
long racswift_free_count(void);

#endif
