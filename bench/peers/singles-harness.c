/*
 * singles-harness.c: times Simon Tatham's Singles solver (his Hitori, in his Portable Puzzle
 * Collection) on a list of game IDs, with a clock inside the process. Part of hitori-sat's
 * `npm run bench:peers` (bench/peers.ts), MIT licence like the rest of this repository; none of
 * Tatham's code is in this file or in the repository.
 *
 * How it is built (bench/peers.ts does it at bench time, in a cache folder): Debian's
 * `sgt-puzzles` source package is unpacked, the files of the collection's `common` library are
 * compiled into an archive, and this file is compiled with -DSTANDALONE_SOLVER and -I pointing
 * at that source tree, then linked with nullfe.c (the collection's stub front end, as its own
 * standalone solvers are) and the archive.
 *
 * Why it includes singles.c: the solver's functions (`new_game`, `solve_specific`, ...) are
 * `static`, so nothing outside singles.c can call them. Including the file makes this one
 * translation unit, with his source untouched on disk; his standalone `main` is renamed by the
 * macro below so that this file's `main` is the program's. Compiled exactly as his
 * `singlessolver` is (STANDALONE_SOLVER, `verbose` off), the solve is the one his standalone
 * solver runs: `solve_specific(state, DIFF_ANY, false)`, every deduction of the hardest level
 * ("Tricky"), without the "sneaky" step (a number alone in its row and column is white), which
 * his generator uses only to reject puzzles that are too easy, since it is not implied by the
 * rules.
 *
 * Input: standard input, one game ID a line (`17x17:...`). Argument: repetitions per puzzle.
 * Per puzzle the game ID is decoded once (not timed), solved once untimed (warm caches), then
 * solved `reps` times, each time from a fresh grid (flags cleared, as his own soak test resets a
 * grid), timing only the `solve_specific` call with clock_gettime(CLOCK_MONOTONIC).
 *
 * Output: one line per input line, in order:
 *   `<index> <status> <median ns> <min ns> <cells>`
 * status `solved` (every cell black or circled, and the grid valid: his check_complete),
 * `stuck` (the deductions ran out with cells undecided), `impossible` (a contradiction), or
 * `invalid` (his validate_params/validate_desc refused the ID; the times are 0 and cells `-`);
 * cells: one character per cell in reading order after the first solve, `#` black, `o`
 * circled (white), `.` undecided.
 */
#define main tatham_singles_standalone_main
#include "singles.c"
#undef main

#include <time.h>

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int compare_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}

static void reset(game_state *s)
{
    memset(s->flags, 0, s->n * sizeof(unsigned int));
    s->completed = false;
    s->impossible = false;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 0, index = 0, k, i;
    size_t cap = 1 << 16;
    char *line = malloc(cap);
    long long *times;

    if (reps < 1 || !line) {
        fprintf(stderr, "usage: %s REPS < game-ids\n", argv[0]);
        return 2;
    }
    times = malloc(reps * sizeof(long long));
    if (!times) return 2;

    while (fgets(line, (int)cap, stdin)) {
        char *desc, *nl = strchr(line, '\n');
        const char *err;
        game_params *p;
        game_state *s;
        int status = 0;

        if (nl) *nl = '\0';
        if (*line == '\0') continue;
        desc = strchr(line, ':');
        p = default_params();
        if (desc) *desc++ = '\0';
        decode_params(p, line);
        err = desc ? validate_params(p, true) : "no ':' in the game ID";
        if (!err) err = validate_desc(p, desc);
        if (err) {
            printf("%d invalid 0 0 -\n", index++);
            free_params(p);
            continue;
        }
        s = new_game(NULL, p, desc);

        /* The untimed first solve: its result is the one printed. */
        status = solve_specific(s, DIFF_ANY, false);
        {
            const char *name = status < 0 ? "impossible" : status > 0 ? "solved" : "stuck";
            char *cells = malloc(s->n + 1);
            if (!cells) return 2;
            for (i = 0; i < s->n; i++)
                cells[i] = (s->flags[i] & F_BLACK) ? '#' : (s->flags[i] & F_CIRCLE) ? 'o' : '.';
            cells[s->n] = '\0';

            for (k = 0; k < reps; k++) {
                long long t0, t1;
                reset(s);
                t0 = now_ns();
                solve_specific(s, DIFF_ANY, false);
                t1 = now_ns();
                times[k] = t1 - t0;
            }
            qsort(times, reps, sizeof(long long), compare_ll);
            /* The median; of an even count, the mean of the two middle ones. */
            printf("%d %s %lld %lld %s\n", index++, name,
                   reps % 2 ? times[reps / 2] : (times[reps / 2 - 1] + times[reps / 2]) / 2,
                   times[0], cells);
            free(cells);
        }
        free_game(s);
        free_params(p);
    }
    free(times);
    free(line);
    return 0;
}
