// PerThread: one object per thread, destroyed when its thread ends. Under mingw-w64 a thread_local cache crashed
// every thread's exit (GCC bug 80816); these tests end threads that used an object, so the Windows build run under
// wine shows whether that is fixed.
#include "ballpark/per_thread.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <latch>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "ballpark/api.hpp"

namespace {

std::atomic<int> made{0};
std::atomic<int> destroyed{0};

struct Counted {
    explicit Counted(int v) : value(v) { ++made; }
    ~Counted() { ++destroyed; }
    int value;
    std::string text = std::string(100, 'x');  // on the heap, as a cache's contents are
};

TEST(PerThread, EachThreadGetsItsOwnObjectMadeOnceAndDestroyedWhenTheThreadEnds) {
    static ballpark::PerThread<Counted> objects;
    made = 0;
    destroyed = 0;
    constexpr int threads = 8;
    std::vector<const Counted*> seen(threads);
    // Every thread holds its object until all have one, so no address can be reused by a later thread.
    std::latch all_have_one(threads);
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) {
        pool.emplace_back([&, i] {
            Counted& first = objects.get(i);
            Counted& again = objects.get(-1);  // made already: the arguments are not used
            EXPECT_EQ(&first, &again);
            EXPECT_EQ(again.value, i);
            seen[i] = &first;
            all_have_one.arrive_and_wait();
        });
    }
    for (auto& t : pool) t.join();
    EXPECT_EQ(made.load(), threads);
    EXPECT_EQ(destroyed.load(), threads);
    EXPECT_EQ(std::set<const Counted*>(seen.begin(), seen.end()).size(), static_cast<std::size_t>(threads));
}

TEST(PerThread, TwoOfOneTypeKeepTheirOwnObjectsInOneThread) {
    // get() remembers the object it last handed out; asked in turn, each must still give its own.
    static ballpark::PerThread<Counted> first;
    static ballpark::PerThread<Counted> second;
    Counted& one = first.get(1);
    Counted& two = second.get(2);
    EXPECT_NE(&one, &two);
    for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(&first.get(-1), &one);
        EXPECT_EQ(first.get(-1).value, 1);
        EXPECT_EQ(&second.get(-1), &two);
        EXPECT_EQ(second.get(-1).value, 2);
    }
}

TEST(PerThread, ThreadsThatUsedEveryCacheEndCleanly) {
    // Each thread fills the parse, unit and value caches (and the add-in-free API paths) and then ends: the case
    // that crashed under wine before the caches moved to PerThread.
    for (int round = 0; round < 3; ++round) {
        std::vector<std::thread> pool;
        for (int i = 0; i < 8; ++i) {
            pool.emplace_back([i] {
                const auto q = ballpark::evaluate("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour");
                EXPECT_TRUE(q);
                EXPECT_TRUE(ballpark::convert(1.0 + i, "PFLOP/s*day", "FLOP"));
                ballpark::EvaluationOptions dist;
                dist.mode = ballpark::Mode::distribution;
                EXPECT_TRUE(ballpark::evaluate("1 to 3", {}, dist));
            });
        }
        for (auto& t : pool) t.join();
    }
}

}  // namespace
