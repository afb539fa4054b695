// simdjson_rows.cpp ROWS [KERNEL] — the machine's mark for reading reach's rows: simdjson (On-Demand,
// one document per line) reads every row's "user", "date" and "fields" values and skips the rest,
// with KERNEL (icelake, haswell, westmere, fallback…) or the best one this processor has. Parsing
// only: no date is parsed from its text, nothing is checked against a program, nothing evaluated.
// Prints the kernel, the rows, a checksum of the values read, and the CPU seconds of loading the file
// and of reading its rows. Built and run by examples/reach/simdjson-anchor.sh.
#include "simdjson.h"
#include <cstdio>
#include <ctime>

using namespace simdjson;

static double cpuSeconds() {
    timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
}

// A user's id or a date: a number, or a string (its length is what the checksum takes).
static int64_t scalar(ondemand::value value) {
    if (value.type() == ondemand::json_type::number) return int64_t(value.get_int64());
    return int64_t(std::string_view(value.get_string()).size());
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: simdjson_rows ROWS [KERNEL]\n");
        return 2;
    }
    if (argc > 2) {
        const implementation *kernel = get_available_implementations()[argv[2]];
        if (!kernel || !kernel->supported_by_runtime_system()) {
            fprintf(stderr, "no kernel %s on this processor\n", argv[2]);
            return 2;
        }
        get_active_implementation() = kernel;
    }
    double started = cpuSeconds();
    padded_string rows;
    if (padded_string::load(argv[1]).get(rows)) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    double loaded = cpuSeconds();
    ondemand::parser parser;
    ondemand::document_stream documents;
    if (parser.iterate_many(rows, 1 << 20).get(documents)) return 1;
    long count = 0;
    int64_t checksum = 0;
    for (auto document : documents) {
        for (auto member : document.get_object()) {
            std::string_view key = member.unescaped_key();
            if (key == "user" || key == "date") {
                checksum += scalar(member.value());
            } else if (key == "fields") {
                for (auto field : member.value().get_object()) checksum += int64_t(field.value().get_int64());
            }
        }
        count++;
    }
    double read = cpuSeconds();
    printf("%s rows %ld checksum %lld load %.3f read %.3f\n", get_active_implementation()->name().data(), count,
           (long long)checksum, loaded - started, read - loaded);
    return 0;
}
