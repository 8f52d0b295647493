// The per-thread caches of the distribution value type: a recalculated sheet makes the same values again and
// again, and each cache keeps the last few results of one costly step by what decides them, so that they are
// computed once. Each thread has its own (ballpark::PerThread), so no lock is taken.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <memory>
#include <optional>

#include "ballpark/per_thread.hpp"
#include "values/distribution/distribution.hpp"
#include "values/distribution/distribution_helpers.hpp"

namespace ballpark::distribution_detail {

// The samples of the closed forms made last on this thread, by the numbers that decide them: a gaussian's or
// log-gaussian's samples depend only on its form, offset, scale, constant and terms (each input's Sobol column is
// fixed), so equal numbers, compared bit for bit, give the same samples. A result that reads earlier results
// evaluates their whole tree again at every recalculation (core/src/api/evaluate.cpp), with the same inputs in the same columns,
// and without this would sample its terms again each time (the three cost terms of the three-run plan's total in
// the 90% reading: more than half its work). 32 slots of 64 KB, the oldest replaced first: 2 MB per thread at
// most, and the terms of a plan of up to 32 runs stay.
class SamplesMemo {
public:
    static SamplesMemo& of_this_thread() {
        static PerThread<SamplesMemo> memos;
        return memos.get();
    }

    template <class Make>
    Distribution::Samples get(bool log_gaussian, double offset, double scale, double constant,
                              const Distribution::Terms& terms, Make make) {
        const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
        const auto same_terms = [&](const Distribution::Terms& kept) {
            return std::equal(kept.begin(), kept.end(), terms.begin(), terms.end(), [&](const auto& a, const auto& b) {
                return a.input == b.input && bits(a.weight) == bits(b.weight);
            });
        };
        for (const Entry& e : entries_) {
            if (e.samples && e.log_gaussian == log_gaussian && bits(e.offset) == bits(offset) &&
                bits(e.scale) == bits(scale) && bits(e.constant) == bits(constant) && same_terms(e.terms)) {
                return e.samples;
            }
        }
        Distribution::Samples made = make();
        entries_[next_] = Entry{log_gaussian, offset, scale, constant, terms, made};
        next_ = (next_ + 1) % entries_.size();
        return made;
    }

private:
    struct Entry {
        bool log_gaussian = false;
        double offset = 0, scale = 0, constant = 0;
        Distribution::Terms terms;
        Distribution::Samples samples;
    };
    std::array<Entry, 32> entries_;
    std::size_t next_ = 0;
};

// The sampled sums made last on this thread, by their operands' samples. A sum of results read again (a plan's
// total) adds the same terms at every recalculation: with their samples kept (SamplesMemo), the operands are the
// same vectors, and so is the sum. The key is the vectors themselves, which the memo keeps alive, so that an
// address cannot come back holding other samples; a vector belongs to one value (and its copies), whose supports
// and closed-form parts, the rest of what the sum reads, never change. A copy of the kept sum shares its
// percentiles, so those are computed once too. 16 slots of 64 KB: 1 MB per thread at most.
class SumMemo {
public:
    static SumMemo& of_this_thread() {
        static PerThread<SumMemo> memos;
        return memos.get();
    }

    const Distribution* find(const Distribution::Samples& a, const Distribution::Samples& b) const {
        for (const Entry& e : entries_) {
            if (e.a == a && e.b == b && e.a) return &*e.sum;
        }
        return nullptr;
    }

    void keep(Distribution::Samples a, Distribution::Samples b, const Distribution& sum) {
        entries_[next_] = Entry{std::move(a), std::move(b), sum};
        next_ = (next_ + 1) % entries_.size();
    }

private:
    struct Entry {
        Distribution::Samples a, b;
        std::optional<Distribution> sum;
    };
    std::array<Entry, 16> entries_;
    std::size_t next_ = 0;
};

// The ranked columns made last on this thread, by their scores: a sheet recalculates the same inputs with the same
// correlations again and again, and a column is a function of its score alone (the Sobol columns are fixed). The
// ranking (a sort of the N points) is most of what a correlation adds to a sampled input. 8 slots of 64 KB.
class RankedMemo {
public:
    static RankedMemo& of_this_thread() {
        static PerThread<RankedMemo> memos;
        return memos.get();
    }
    template <class Make>
    sobol_points::Column get(const Distribution::Terms& score, Make make) {
        const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
        for (const Entry& e : entries_) {
            if (e.column && std::equal(e.score.begin(), e.score.end(), score.begin(), score.end(), [&](const auto& a, const auto& b) {
                    return a.input == b.input && bits(a.weight) == bits(b.weight);
                }))
                return e.column;
        }
        sobol_points::Column made = make();
        entries_[next_].score.assign(score.begin(), score.end());
        entries_[next_].column = made;
        next_ = (next_ + 1) % entries_.size();
        return made;
    }

private:
    struct Entry {
        Distribution::Terms score;
        sobol_points::Column column;
    };
    std::array<Entry, 8> entries_;
    std::size_t next_ = 0;
};

}  // namespace ballpark::distribution_detail
