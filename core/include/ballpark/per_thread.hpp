// One object of type T for each thread that asks for it, made on first use and destroyed when that thread ends:
// what the per-thread caches are kept in.
//
// Why not `thread_local T`: with mingw-w64's emulated thread-local storage, the storage of a thread_local object is
// freed before its destructor runs when the thread ends (GCC bug 80816), so under Windows every thread that had
// used a cache crashed on its way out (seen under wine: ThreadSafety's eight threads, six runs of six). Here the
// object lives on the heap and only a POSIX thread-specific key refers to it; the key's destructor is handed the
// pointer itself and touches no thread-local storage. glibc and mingw-w64's winpthreads both run key destructors
// when a thread ends (not for the main thread, whose objects the end of the process reclaims).
#pragma once

#include <pthread.h>

#include <memory>
#include <new>
#include <utility>

namespace ballpark {

template <class T>
class PerThread {
public:
    PerThread() {
        if (pthread_key_create(&key_, destroy) != 0) throw std::bad_alloc();
    }
    PerThread(const PerThread&) = delete;
    PerThread& operator=(const PerThread&) = delete;
    // The key is not deleted: threads may still end, and run its destructor, while static objects are destroyed.
    ~PerThread() = default;

    // This thread's object, made from `args` the first time this thread asks.
    template <class... Args>
    T& get(Args&&... args) {
        // Asking the key is a call into the thread library, about 30 instructions, and a cache is asked on every
        // convert() and every evaluation (callgrind). So the object this thread was last handed, and by which
        // PerThread of its type, is remembered in two thread-local pointers: they have no destructor, which is
        // what emulated TLS gets wrong. A thread whose object has been destroyed is ending and asks no more.
        thread_local const PerThread* last_owner = nullptr;
        thread_local T* last_object = nullptr;
        if (last_owner == this) return *last_object;
        T& object = find_or_make(std::forward<Args>(args)...);
        last_owner = this;
        last_object = &object;
        return object;
    }

private:
    template <class... Args>
    T& find_or_make(Args&&... args) {
        if (void* found = pthread_getspecific(key_)) return *static_cast<T*>(found);
        auto made = std::make_unique<T>(std::forward<Args>(args)...);
        if (pthread_setspecific(key_, made.get()) != 0) throw std::bad_alloc();
        return *made.release();
    }

    static void destroy(void* object) { delete static_cast<T*>(object); }

    pthread_key_t key_{};
};

}  // namespace ballpark
