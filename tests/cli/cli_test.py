#!/usr/bin/env python3
"""The ballpark command-line tool end to end: exit statuses, where output goes, line-by-line answers through a
pipe, the interactive session on a pseudo-terminal, and excerpts of long inputs in errors.

Run one test as `BALLPARK=build/cli/ballpark python3 tests/cli/cli_test.py CliTest.test_NAME`; CTest runs each as
cli.NAME. Expected values are worked out by hand in each test (6 * 7 = 42, printed with three significant figures
as docs/language.md says), never taken from the tool's own output.
"""
import math
import os
import pty
import select
import subprocess
import sys
import tempfile
import time
import unittest
from statistics import NormalDist

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from shared_helpers import Z95, lognormal_through  # noqa: E402  (tests/python)

BALLPARK = os.environ.get("BALLPARK", "build/cli/ballpark")
HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args, stdin=None, stdout=subprocess.PIPE, env=None):
    return subprocess.run([BALLPARK, *args], input=stdin, stdout=stdout, stderr=subprocess.PIPE, env=env,
                          timeout=60)


def read_until(fd, wanted, timeout=20.0, already=b""):
    """Reads from fd until `wanted` (bytes) has appeared in `already` and what was read, or fails after `timeout`
    seconds; returns what was read."""
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted not in already + seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{wanted!r} did not appear within {timeout} s; read {seen!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the other end closed (EIO on a pseudo-terminal)
                chunk = b""
            if not chunk:
                raise AssertionError(f"end of output before {wanted!r}; read {seen!r}")
            seen += chunk
    return seen


def children_of(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(child) for child in f.read().split()]
    except OSError:
        return []


class Terminal:
    """The tool on a pseudo-terminal, as a person at a terminal would run it."""

    def __init__(self, args, env, controlling=False):
        command = [BALLPARK, *args]
        if controlling:
            # The pseudo-terminal as the session's controlling terminal, so that Ctrl-C is a signal, as at a
            # person's terminal, not a character. util-linux's setsid does it between fork and exec (--wait gives
            # the tool's exit status), where Python code in a preexec_fn is unsafe (subprocess's documentation).
            command = ["setsid", "--ctty", "--wait", *command]
        self.start(command, env, new_session=not controlling)
        # In two full CTest runs of about fifteen, a tool given its own controlling terminal showed nothing, not
        # even the banner it writes before its first read, and waited in the terminal driver (state S in
        # wait_woken) until killed; run alone it never did (several hundred runs). Until that is understood such a
        # start is reported on standard error with what the process was doing, and the tool started once more;
        # the test fails if the second start is silent too.
        if controlling and not self.first_output(10):
            print(f"cli_test: a silent start on a controlling terminal ({self.state()}); starting again",
                  file=sys.stderr)
            self.process.kill()
            self.process.wait()
            os.close(self.master)
            self.start(command, env, new_session=False)

    def start(self, command, env, new_session):
        """Runs `command` on a new pseudo-terminal, whose other end is self.master."""
        import fcntl
        import struct
        import termios
        self.master, slave = pty.openpty()
        # 120 columns: libedit needs a width, and a line of the tests fits on one row.
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=new_session)
        os.close(slave)
        self.pending = b""

    def first_output(self, seconds):
        """Whether the tool wrote anything within `seconds`; what it wrote is kept for expect()."""
        ready, _, _ = select.select([self.master], [], [], seconds)
        if not ready:
            return False
        try:
            self.pending += os.read(self.master, 4096)
        except OSError:
            pass
        return True

    def type(self, text):
        """Types `text` once the session reads keys one by one. Typed earlier, while the terminal is still in its
        line mode (between prompts), the kernel would take Ctrl-D as end of a line and echo arrow keys as text."""
        import termios
        deadline = time.monotonic() + 20
        while termios.tcgetattr(self.master)[3] & termios.ICANON:
            if time.monotonic() > deadline:
                raise AssertionError("the session never switched the terminal to reading keys one by one")
            time.sleep(0.01)
        os.write(self.master, text.encode())

    def expect(self, wanted):
        """What the terminal showed up to and including `wanted`; what came after it is kept for the next call."""
        wanted = wanted.encode()
        if wanted not in self.pending:
            try:
                self.pending += read_until(self.master, wanted, already=self.pending)
            except AssertionError as e:
                raise AssertionError(f"{e} ({self.state()})") from None
        end = self.pending.index(wanted) + len(wanted)
        shown, self.pending = self.pending[:end], self.pending[end:]
        return shown

    def state(self):
        """What the processes on the terminal are doing, for a failure's message: each one's state (R running,
        S waiting, T stopped) and the kernel function it waits in."""
        if self.process.poll() is not None:
            return f"the process ended with status {self.process.returncode}"
        described = []
        for pid in [self.process.pid, *children_of(self.process.pid)]:
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{pid}/wchan") as f:
                    waits_in = f.read() or "-"
                try:
                    with open(f"/proc/{pid}/syscall") as f:
                        call = f.read().split()[0]  # the number: 0 read, 1 write on x86-64
                except OSError:
                    call = "?"
                described.append(f"process {pid} in state {fields[0]}, waiting in {waits_in}, system call {call}")
            except OSError:
                pass
        return "; ".join(described) or "the process is gone"

    def close(self):
        try:
            self.process.wait(timeout=20)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            os.close(self.master)


class CliTest(unittest.TestCase):
    # Paths and arguments

    def test_a_directory_given_as_the_notebook_exits_with_status_2(self):
        with tempfile.TemporaryDirectory() as directory:
            r = run(directory)
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stdout, b"")
        self.assertIn(b"is a directory", r.stderr)

    def test_a_missing_notebook_exits_with_status_2(self):
        with tempfile.TemporaryDirectory() as directory:
            r = run(os.path.join(directory, "absent.md"))
        self.assertEqual(r.returncode, 2)
        self.assertIn(b"there is no such file", r.stderr)

    def test_an_expression_and_a_notebook_together_exit_with_status_2(self):
        # Neither is ignored in favour of the other: the tool refuses the pair.
        r = run("-e", "1", os.path.join(HERE, "tricky.md"))
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stdout, b"")
        self.assertIn(b"not both", r.stderr)

    def test_all_without_a_notebook_exits_with_status_2(self):
        r = run("--all", "-e", "1")
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stdout, b"")

    def test_two_notebooks_exit_with_status_2(self):
        r = run(os.path.join(HERE, "tricky.md"), os.path.join(HERE, "tricky.md"))
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stdout, b"")

    def test_an_unknown_option_exits_with_status_2(self):
        r = run("--frobnicate")
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'Unknown option "--frobnicate"', r.stderr)

    def test_bad_mode_exits_with_status_2(self):
        r = run("--mode=fuzzy", "-e", "1")
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stdout, b"")
        self.assertIn(b'"fuzzy"', r.stderr)

    def test_error_exits_with_status_1(self):
        r = run("-e", "3 hourz")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stdout, b"")

    def test_a_notebook_named_like_an_option_is_read_after_a_double_dash(self):
        with tempfile.TemporaryDirectory() as directory:
            with open(os.path.join(directory, "-notes.md"), "w") as f:
                f.write("```\nx = 6 * 7\n```\n")
            r = subprocess.run([BALLPARK, "--", "-notes.md"], cwd=directory, capture_output=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, b"```\nx = 6 * 7\n```\n\n> x = 42.0\n")

    # Unwritable output: /dev/full fails every write with ENOSPC, as a full disk does.

    def test_an_answer_written_to_a_full_disk_exits_with_status_2(self):
        with open("/dev/full", "wb") as full:
            r = run("-e", "6 * 7", stdout=full)
        self.assertEqual(r.returncode, 2)
        self.assertIn(b"Could not write the output: No space left on device.", r.stderr)

    def test_a_notebook_written_to_a_full_disk_exits_with_status_2(self):
        with open("/dev/full", "wb") as full:
            r = run(os.path.join(HERE, "tricky.md"), stdout=full)
        self.assertEqual(r.returncode, 2)
        self.assertIn(b"No space left on device", r.stderr)

    def test_a_piped_session_written_to_a_full_disk_exits_with_status_2(self):
        with open("/dev/full", "wb") as full:
            r = run(stdin=b"6 * 7\n", stdout=full)
        self.assertEqual(r.returncode, 2)
        self.assertIn(b"No space left on device", r.stderr)

    # Sessions from a pipe

    def test_a_pipe_is_answered_line_by_line_before_its_input_ends(self):
        process = subprocess.Popen([BALLPARK], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            process.stdin.write(b"x = 6 * 7\n")
            process.stdin.flush()
            # The input is still open: a tool that waits for its end would never answer.
            self.assertEqual(read_until(process.stdout.fileno(), b"\n"), b"42.0\n")
            process.stdin.write(b"x / 4\n")  # 42 / 4 = 10.5
            process.stdin.flush()
            self.assertEqual(read_until(process.stdout.fileno(), b"\n"), b"10.5\n")
            process.stdin.close()
            self.assertEqual(process.wait(timeout=20), 0)
        finally:
            if process.poll() is None:
                process.kill()
            process.stdout.close()
            process.stderr.close()

    def test_an_error_in_a_pipe_goes_to_standard_error_and_exits_with_status_1(self):
        r = run(stdin=b"2 hourz\n6 * 7\n")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stdout, b"42.0\n")  # the session goes on after the error
        self.assertIn(b'Unknown unit "hourz"', r.stderr)

    def test_ascii_output_is_ascii_alone_and_reads_back(self):
        r = run("--ascii", "-e", "3 ohm", "-e", "1e23 FLOP", "-e", "(1 to 2) * 1e30 kg", "-e", "3 \u00b5s as \u00b5s",
                "-e", "tornado (1 to 2) * 2 ohm")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(all(b < 128 for b in r.stdout), r.stdout)
        lines = r.stdout.decode().splitlines()
        self.assertEqual(lines[0], "3.00 ohm")
        self.assertEqual(lines[1], "1.00 * 10^23 FLOP")
        self.assertEqual(lines[2], "1.5 [1.0, 2.0] * 10^30 kg")
        self.assertEqual(lines[3], "3.00 us {time}")
        # Each answer reads back as the same value.
        back = run("--ascii", "-e", lines[0], "-e", lines[1], "-e", lines[3].split(" {")[0])
        self.assertEqual(back.stdout.decode().splitlines()[:2], lines[:2])

    def test_temperatures_convert_on_their_scales_in_a_c_locale_too(self):
        # GNU Units: `units -t 'tempC(20)' tempF` prints 68, `units -t 'tempK(300)' tempC` 26.85 (3 figures: 26.9).
        env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_CTYPE")}
        for extra in ({}, {"LANG": "C.UTF-8"}):
            r = run("-e", "20 \u00b0C as \u00b0F", "-e", "300 K as degC", env=dict(env, **extra))
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout.decode(), "68.0 \u00b0F {temperature}\n26.9 degC {temperature}\n")
            piped = run(stdin="20 \u00b0C + 5 K as \u00b0F\n".encode(), env=dict(env, **extra))
            self.assertEqual(piped.stdout.decode(), "77.0 \u00b0F {temperature}\n", piped.stderr)
        ascii = run("--ascii", "-e", "20 \u2103", env=env)
        self.assertEqual(ascii.stdout, b"20.0 degC {temperature}\n")
        # Two temperatures do not add: an error, status 1, that says what to write.
        refused = run("-e", "20 degC + 10 degC", env=env)
        self.assertEqual(refused.returncode, 1)
        self.assertIn(b"20 degC + 5 K", refused.stderr)

    def test_a_declared_variable_refuses_a_fraction_typed_as_a_percent_number(self):
        # "u: fraction" takes 35% to 55% (midpoint 45%) and refuses 35 to 55, in both readings, with status 1.
        ok = run(stdin=b"u: fraction = 35% to 55%\nu * 100\n")
        self.assertEqual(ok.returncode, 0, ok.stderr)
        self.assertEqual(ok.stdout.decode().splitlines(), ["0.45 [0.35, 0.55]", "45 [35, 55]"])
        for mode in ("bounds", "dist"):
            refused = run(f"--mode={mode}", stdin=b"u: fraction = 35 to 55\n")
            self.assertEqual(refused.returncode, 1)
            self.assertIn("\"u\" should be a fraction (0.35 or 35%), above 0 and at most 1, but it is \"35 to 55\"",
                          refused.stderr.decode())
        other = run(stdin=b"peak: FLOP/s = 80 GB\n")
        self.assertEqual(other.returncode, 1)
        self.assertIn("is of dimension data", other.stderr.decode())

    def test_a_range_per_unit_and_one_notation_per_range(self):
        # "a to b per u" is (a to b) per u: $1.80 to $2.60 per hour, midpoint $2.20. And 470000 to
        # 1130000 (midpoint 800000) shares one power of ten: 0.80 [0.47, 1.1] × 10⁶.
        r = run("-e", "$1.80 to $2.60 per GPU-hour as $/hour", "-e", "470000 to 1130000")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.decode().splitlines(),
                         ["2.2 [1.8, 2.6] $/hour {cost rate}", "0.80 [0.47, 1.1] \u00d7 10\u2076"])

    def test_a_mode_line_says_how_ranges_are_read_from_then_on(self):
        r = run(stdin=b"mode dist\n")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stdout, b"mode dist: ranges are read as 90% intervals (median [p5, p95])\n")

    def test_p_gives_a_chance_in_the_ninety_percent_reading_and_a_sentence_where_bounds_do_not_decide(self):
        # (1 to 10) million USD in the 90% reading: a lognormal with 1 and 10 as its 5th and 95th percentiles.
        mu, sigma = lognormal_through(1, 10)
        over = 1 - NormalDist(mu, sigma).cdf(math.log(5))
        r = run("--mode=dist", "-e", "cost = (1 to 10) million USD", "-e", "P(cost > 5 million USD)")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.decode().splitlines()[-1], f"{over:.3g}")
        session = run(stdin=b"mode dist\ncost = (1 to 10) million USD\nP(cost > $5M)\n")
        self.assertEqual(session.stdout.decode().splitlines()[-1], f"{over:.3g}")
        # Guaranteed bounds: 0 where they decide, a sentence naming the option where they do not.
        self.assertEqual(run("-e", "P((1 to 10) million USD > 20 million USD)").stdout, b"0\n")
        refused = run("-e", "P((1 to 10) million USD > 5 million USD)")
        self.assertEqual(refused.returncode, 1)
        self.assertIn(b"--mode=dist", refused.stderr)
        wrong = run("--mode=dist", "-e", "P((1 to 10) million USD > 5 hour)")
        self.assertEqual(wrong.returncode, 1)
        self.assertIn(b"same dimension", wrong.stderr)

    def test_what_is_exact_is_decided_in_both_readings(self):
        # Exact decimals: 0.1 + 0.2 is 0.3 and 1.1 * 1.1 is 1.21, so <= holds and < does not, in both readings;
        # 10% to 30% only touches 30%, so the bounds decide <= (and not <).
        from fractions import Fraction
        self.assertEqual(Fraction("0.1") + Fraction("0.2"), Fraction("0.3"))
        self.assertEqual(Fraction("1.1") * Fraction("1.1"), Fraction("1.21"))
        for mode in ("bounds", "dist"):
            r = run(f"--mode={mode}", "-e", "P(0.1 + 0.2 <= 0.3)", "-e", "P(0.1 + 0.2 < 0.3)", "-e", "P(1.1 * 1.1 >= 1.21)")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout.decode().splitlines(), ["1.00", "0", "1.00"])
        self.assertEqual(run("-e", "P(10% to 30% <= 30%)").stdout, b"1.00\n")
        self.assertEqual(run("-e", "P(10% to 30% < 30%)").returncode, 1)
        # 100% is a fraction; 101% is not. A range ending at 100% is a fraction's range in the bounds reading; in
        # the 90% reading, whose law for a declared fraction (a logit-normal) has no percentile at 1, it is refused
        # for that reason, not as a value above 1.
        for mode in ("bounds", "dist"):
            ok = run(f"--mode={mode}", "-e", "u: fraction = 100%")
            self.assertEqual(ok.returncode, 0, ok.stderr)
            self.assertEqual(ok.stdout.decode().splitlines()[0], "1.00")
            self.assertIn("at most 1", run(f"--mode={mode}", "-e", "u: fraction = 101%").stderr.decode())
        ok = run("--mode=bounds", "-e", "v: fraction = 35% to 100%")
        self.assertEqual((ok.returncode, ok.stdout), (0, b"0.68 [0.35, 1.0]\n"), ok.stderr)
        refused = run("--mode=dist", "-e", "v: fraction = 35% to 100%")
        self.assertEqual(refused.returncode, 1)
        self.assertIn("cannot be a percentile", refused.stderr.decode())
        self.assertNotIn("at most 1", refused.stderr.decode())
        # `to` after a range with a unit converts, as `as` does.
        r = run("-e", "1 to 2 hour to min", "-e", "1 to 2 hour as min")
        self.assertEqual(r.stdout.decode().splitlines(), ["90 [60, 120] min {time}"] * 2)

    def test_implied_util_and_histogram_refuse_with_the_cores_sentence(self):
        # 6 FLOP · 70e9 · 2e12 / (1 hour · 312 TFLOP/s) is 7.48e5, far above 100%: refused as IMPLIEDUTIL refuses it.
        self.assertAlmostEqual(6 * 70e9 * 2e12 / (3600 * 312e12), 7.48e5, delta=1e3)
        r = run("-e", "implied_util(1 hour, 70 billion, 2 trillion, 312 TFLOP/s)")
        self.assertEqual(r.returncode, 1)
        self.assertIn("imply a utilization of 7.48 \u00d7 10\u2077%, above 100%", r.stderr.decode())
        # The bounds of pert(0.3, 0.5, 1.01) pass 1 where its 90% reading does not: the histogram says so.
        h = run(stdin=b"mode dist\nu: fraction = pert(0.3, 0.5, 1.01)\nhistogram u\nhistogram 2 * (1 to 3)\n")
        self.assertEqual(h.returncode, 1)
        self.assertIn("\"u\" should be a fraction", h.stderr.decode())
        self.assertIn("guaranteed bounds: 4.0 [2.0, 6.0]", h.stdout.decode())

    def test_a_metalog_gives_back_its_three_numbers_and_has_bounds_only_with_both(self):
        # An expert's 25%, 40% and 60% between 0 and 1: in the 90% reading its 10th, 50th and 90th percentiles are
        # the three numbers (to four figures); in the bounds reading it spans its bounds 0 to 1 around p50 0.40.
        r = run("--mode=dist", "--digits=4", "-e", "u = metalog(25%, 40%, 60%, 0, 1)", "-e", "percentile(u, 10)",
                "-e", "percentile(u, 50)", "-e", "percentile(u, 90)", "-e", "percentile(metalog(2 day, 3 day, 6 day), 90)")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.decode().splitlines()[1:], ["0.2500", "0.4000", "0.6000", "6.000 day"])
        r = run("-e", "metalog(25%, 40%, 60%, 0, 1)")
        self.assertEqual((r.returncode, r.stdout), (0, b"0.40 [0, 1.0]\n"), r.stderr)
        r = run("-e", "metalog(25%, 40%, 60%)")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b'"metalog" without both bounds has no lower or upper bound', r.stderr)
        self.assertIn(b"Run with --mode=dist", r.stderr)
        r = run("--mode=dist", "-e", "metalog(25%, 28%, 60%, 0, 1)")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b"p50 is too close to p10 for a three-term metalog", r.stderr)
        self.assertIn(b"Move p50 toward the middle of p10 and p90", r.stderr)

    def test_a_correlation_moves_two_lognormals_together_in_the_90_percent_reading_only(self):
        # price = 2 to 4 and u = 25% to 60% are lognormals: ln of 1000 price / u is normal with variance
        # sp^2 + su^2 - 2 rho sp su, rho = 2 sin(pi r / 6) the normal scores' correlation of rank correlation r.
        sp, su = math.log(2) / (2 * Z95), math.log(0.6 / 0.25) / (2 * Z95)
        median = 1000 * math.sqrt(8) / math.sqrt(0.25 * 0.6)
        for r_rank in (-0.5, 0.5):
            rho = 2 * math.sin(math.pi * r_rank / 6)
            high = median * math.exp(Z95 * math.sqrt(sp * sp + su * su - 2 * rho * sp * su))
            out = run("--mode=dist", "--digits=6", "-e", f"correlation(u, price) = {r_rank}", "-e", "u = 25% to 60%",
                      "-e", "price = 2 to 4", "-e", "percentile(1000 * price / u, 95)")
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertAlmostEqual(float(out.stdout.decode().splitlines()[-1]), high, delta=1e-5 * high)
        # Guaranteed bounds hold for any dependence: the same with or without it.
        lines = ["-e", "u = 25% to 60%", "-e", "price = 2 to 4", "-e", "1000 * price / u"]
        self.assertEqual(run(*lines).stdout.splitlines()[-1],
                         run("-e", "correlation(u, price) = -0.5", *lines).stdout.splitlines()[-1])

    def test_a_declared_fraction_is_a_logit_normal_in_the_90_percent_reading_only(self):
        # u: fraction = 35% to 95%: logit(u) normal with 5th and 95th percentiles logit(0.35) and logit(0.95), so
        # its p-quantile is logistic(m + s z_p), below 1 (the lognormal's 99th percentile is 1.17).
        def logit(x):
            return math.log(x / (1 - x))

        m, s = (logit(0.35) + logit(0.95)) / 2, (logit(0.95) - logit(0.35)) / (2 * Z95)
        for p in (5, 50, 95, 99):
            want = 1 / (1 + math.exp(-(m + s * NormalDist().inv_cdf(p / 100))))
            out = run("--mode=dist", "--digits=6", "-e", "u: fraction = 35% to 95%", "-e", f"percentile(u, {p})")
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertAlmostEqual(float(out.stdout.decode().splitlines()[-1]), want, delta=1e-4 if p == 99 else 1e-6)
        out = run("--mode=dist", "-e", "u = 35% to 95%", "-e", "percentile(u, 99)")
        self.assertEqual(out.stdout.decode().splitlines()[-1], "1.17")
        # An end at 100%: refused in the 90% reading with a sentence saying what to write (exit status 1).
        out = run("--mode=dist", "-e", "u: fraction = 35% to 100%")
        self.assertEqual(out.returncode, 1)
        self.assertIn("35% to 100% ends at 100%", out.stderr.decode())
        self.assertIn("35% to 99%", out.stderr.decode())
        # A tornado in the 90% reading takes the same median: 1000 / u at u = logistic(m), 2232.7 (the lognormal's
        # median gave 1000 / sqrt(0.35 * 0.55) = 2279.2).
        median = 1 / (1 + math.exp(-(logit(0.35) + logit(0.55)) / 2))
        out = run("--mode=dist", "-e", "u: fraction = 35% to 55%", "-e", "tornado 1000 / u")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn(f"{1000 / median:.0f}"[:3] + "0 with every input at its central value", out.stdout.decode())
        # The bounds reading: the ends, whatever the declaration.
        self.assertEqual(run("-e", "u: fraction = 35% to 95%").stdout.decode().splitlines()[-1],
                         run("-e", "u = 35% to 95%").stdout.decode().splitlines()[-1])

    def test_a_correlation_in_a_session_says_what_was_stated(self):
        # Its value alone ("0.500") read as a result, and a matrix printed nothing.
        for statement in ("correlation(u, price) = -0.5", "correlation(u, price, gpus) = [1, 0.5, 0; 0.5, 1, 0; 0, 0, 1]"):
            out = run("--mode=dist", "-e", statement)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertEqual(out.stdout.decode(), statement + " (rank correlation, used by the 90% reading)\n")

    def test_a_correlation_in_a_notebook_is_described_and_refused_after_its_name_is_used(self):
        r = self.notebook(b"```\nmode dist\nu = 1 to 2\nprice = 3 to 4\ncorrelation(u, price) = -0.5\n```\n", "--all")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(b"> correlation(u, price) = -0.5 (rank correlation, used by the 90% reading)", r.stdout)
        r = self.notebook(b"```\nmode dist\nu = 1 to 2\ncost = 3 * u\ncorrelation(u, price) = -0.5\n```\n")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b"notes.md:5:1: error: A correlation of u must come before u is used, but the definition of "
                      b"\"cost\" above uses it", r.stderr)

    def test_a_tornado_after_a_correlation_shows_each_inputs_own_swing(self):
        # Each input moved with the other at its central value: u at 25% and 60% with the price at 3 gives 12000 and
        # 5000; the price at 2 and 4 with u at 0.425 gives 4706 and 9412. The same with or without the correlation,
        # in the 90% reading too (the others at their medians there).
        lines = ["-e", "u = 25% to 60%", "-e", "price = 2 to 4", "-e", "tornado 1000 * price / u"]
        for statement in ("correlation(u, price) = 0.5", "correlation(u, price, gpus) = [1, -0.5, 0; -0.5, 1, 0; 0, 0, 1]"):
            with_it = run("-e", statement, *lines)
            self.assertEqual(with_it.returncode, 0, with_it.stderr)
            out = with_it.stdout.decode()
            self.assertIn("u: 12000 at its low end, 5000 at its high end", out)
            self.assertIn("price: 4710 at its low end, 9410 at its high end", out)
            self.assertEqual(out.split("\n", 1)[1], run(*lines).stdout.decode())
            in_dist = run("--mode=dist", "-e", statement, *lines)
            self.assertEqual(in_dist.returncode, 0, in_dist.stderr)
            self.assertEqual(in_dist.stdout.decode().split("\n", 1)[1], run("--mode=dist", *lines).stdout.decode())

    def test_a_correlation_names_defined_inputs_once(self):
        defined = ["--mode=dist", "-e", "u = 25% to 60%", "-e", "price = 2 to 4"]
        r = run(*defined, "-e", "correlation(u, prcie) = 0.5")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b'"prcie" in "correlation(u, prcie) = 0.5" is not defined, while "price" is.', r.stderr)
        self.assertIn(b'Did you mean "price"?', r.stderr)
        r = run(*defined, "-e", "correlation(U, price) = 0.5")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b'Did you mean "u"?', r.stderr)
        r = run(*defined, "-e", "correlation(u, gpus) = 0.3", "-e", "1000 * price / u")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b'A correlation joins u with "gpus", but no line above defines "gpus"', r.stderr)
        r = run(*defined, "-e", "correlation(u, price) = 0.5", "-e", "correlation(price, u) = -0.5")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b'"correlation(price, u) = -0.5" states the one of price and u again: "correlation(u, price) = 0.5" '
                      b'above states it already.', r.stderr)

    def test_a_rank_matrix_the_normal_copula_cannot_hold_is_refused_for_that(self):
        # The ranks' eigenvalues are 0.02, 1.49, 1.49; the normal scores' smallest is 1 + 4 sin(-0.49 pi / 6) < 0.
        self.assertLess(1 + 4 * math.sin(-0.49 * math.pi / 6), 0)
        r = run("--mode=dist", "-e", "correlation(a, b, c) = [1, -0.49, -0.49; -0.49, 1, -0.49; -0.49, -0.49, 1]")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b"can hold together (their matrix is positive definite), but not in the normal (Gaussian) copula",
                      r.stderr)
        self.assertIn(b"each multiplied by 0.98 fits", r.stderr)
        r = run("--mode=dist", "-e", "correlation(a, b, c) = [1, -0.48, -0.48; -0.48, 1, -0.48; -0.48, -0.48, 1]")
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_digits_gives_that_many_significant_figures_from_then_on(self):
        # References: 2/3 = 0.666666…, 6 × 70e9 × 2e12 = 8.4e23 exactly, 1 to 3 has the midpoint 2.
        r = run("--digits", "6", "-e", "2/3", "-e", "6 * 70e9 * 2e12 FLOP", "-e", "1 to 3 hour")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.decode().splitlines(), ["0.666667", "8.40000 × 10²³ FLOP", "2.00000 [1.00000, 3.00000] hour"])
        # The line `digits N` changes it for the lines after it, in a pipe as in -e.
        r = run(stdin=b"2/3\ndigits 9\n2/3\n")
        self.assertEqual(r.stdout.decode().splitlines(), ["0.667", "digits 9: results show 9 significant figures", "0.666666667"])
        # A variable named digits is still a variable.
        r = run("-e", "digits = 4", "-e", "digits * 2")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.decode().splitlines(), ["4.00", "8.00"])

    def test_digits_out_of_range_is_refused_with_a_sentence(self):
        for args in (["--digits", "0", "-e", "1"], ["--digits=18", "-e", "1"], ["--digits", "two", "-e", "1"], ["--digits"]):
            r = run(*args)
            self.assertEqual(r.returncode, 2, args)
            self.assertEqual(r.stdout, b"")
            self.assertIn(b"significant figures", r.stderr)
        r = run("-e", "digits 3.5")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b"from 1 to 17", r.stderr)

    def test_a_digits_line_in_a_notebook_changes_the_results_after_it(self):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "digits.md")
            with open(path, "w", encoding="utf-8") as f:
                f.write("```\nx = 2/3\ndigits 5\nx\n```\n")
            r = run("--all", path)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("> x = 0.667\n", r.stdout.decode())
        self.assertIn("> x = 0.66667\n", r.stdout.decode())

    # The interactive session

    def terminal_environment(self, home):
        # A fresh HOME so that no ~/.editrc changes the keys; xterm's arrow keys.
        return dict(os.environ, HOME=home, TERM="xterm", BALLPARK_HISTORY=os.path.join(home, "history"))

    def test_a_terminal_session_edits_the_line_with_the_arrow_keys(self):
        with tempfile.TemporaryDirectory() as home:
            terminal = Terminal([], self.terminal_environment(home))
            try:
                terminal.expect("> ")
                # "67", Left, "*": only line editing makes this 6*7; without it the line holds an escape sequence.
                terminal.type("67\x1b[D*\r")
                terminal.expect("42.0")
                terminal.expect("> ")
                terminal.type("\x04")  # Ctrl-D ends the session
                self.assertEqual(terminal.process.wait(timeout=20), 0)
            finally:
                terminal.close()

    def test_a_terminal_session_recalls_earlier_lines_with_up_also_in_the_next_session(self):
        with tempfile.TemporaryDirectory() as home:
            env = self.terminal_environment(home)
            terminal = Terminal([], env)
            try:
                terminal.expect("> ")
                terminal.type("6 * 7\r")
                terminal.expect("42.0")
                terminal.expect("> ")
                terminal.type("2 + 3\r")  # 5, printed 5.00
                terminal.expect("5.00")
                terminal.expect("> ")
                terminal.type("\x1b[A\x1b[A\r")  # Up twice: "6 * 7" again
                after = terminal.expect("42.0")
                self.assertNotIn(b"5.00", after)
                terminal.expect("> ")
                terminal.type("\x04")
                self.assertEqual(terminal.process.wait(timeout=20), 0)
            finally:
                terminal.close()
            with open(env["BALLPARK_HISTORY"], "rb") as history:
                saved = history.read().replace(b"\\040", b" ")  # libedit writes a space as \040
            self.assertIn(b"6 * 7", saved)
            # The next session starts with the saved history "6 * 7", "2 + 3", "6 * 7": Up twice recalls "2 + 3".
            terminal = Terminal([], env)
            try:
                terminal.expect("> ")
                terminal.type("\x1b[A\x1b[A\r")
                terminal.expect("5.00")
                terminal.expect("> ")
                terminal.type("\x04")
                self.assertEqual(terminal.process.wait(timeout=20), 0)
            finally:
                terminal.close()

    def test_an_error_in_a_terminal_session_does_not_end_it(self):
        with tempfile.TemporaryDirectory() as home:
            terminal = Terminal(["--mode=dist"], self.terminal_environment(home))
            try:
                terminal.expect("> ")
                terminal.type("2 hourz\r")
                terminal.expect('Unknown unit "hourz"')
                terminal.expect("> ")
                terminal.type("6 * 7\r")
                terminal.expect("42.0")
                terminal.expect("> ")
                terminal.type("\x04")
                # The README: 1 when a line was an error, as for a pipe.
                self.assertEqual(terminal.process.wait(timeout=20), 1)
            finally:
                terminal.close()

    def test_ctrl_c_in_a_terminal_session_clears_the_line_and_the_session_goes_on(self):
        with tempfile.TemporaryDirectory() as home:
            terminal = Terminal([], self.terminal_environment(home), controlling=True)
            try:
                terminal.expect("> ")
                terminal.type("12")
                terminal.expect("12")
                terminal.type("\x03")  # Ctrl-C: "12" is dropped and a new prompt shown
                terminal.expect("> ")
                terminal.type("6 * 7\r")  # were "12" kept, this would be 126 * 7
                shown = terminal.expect("42.0")
                self.assertNotIn(b"882", shown)
                terminal.expect("> ")
                terminal.type("\x04")
                self.assertEqual(terminal.process.wait(timeout=20), 0)
            finally:
                terminal.close()

    def test_a_terminal_session_in_the_c_locale_reads_utf8(self):
        with tempfile.TemporaryDirectory() as home:
            env = {k: v for k, v in self.terminal_environment(home).items() if not k.startswith("LC_") and k != "LANG"}
            env["LC_ALL"] = "C"
            terminal = Terminal([], env)
            try:
                terminal.expect("> ")
                terminal.type("10\u00b2\u00b3 FLOP\r")  # 10²³ FLOP
                terminal.expect("10\u00b2\u00b3 FLOP")  # the echo
                terminal.expect("\u00d7 10\u00b2\u00b3 FLOP")  # the answer, 1.00 × 10²³ FLOP
                terminal.expect("> ")
                terminal.type("3 \u00b5s as ns\r")  # 3 µs
                terminal.expect("3000 ns")
                terminal.expect("> ")
                terminal.type("\x04")
                self.assertEqual(terminal.process.wait(timeout=20), 0)
            finally:
                terminal.close()

    # Errors about long inputs

    def test_an_error_about_a_100000_digit_number_quotes_only_its_start(self):
        r = run("-e", "1" * 100_000)
        self.assertEqual(r.returncode, 1)
        message, echo, caret = r.stderr.decode().splitlines()
        self.assertLessEqual(len(message), 250)
        self.assertIn('"' + "1" * 40 + '…"', message)
        self.assertLessEqual(len(echo), 2 + 201)  # two spaces of indent, 200 characters and "…"
        self.assertTrue(echo.endswith("…"))
        self.assertEqual(caret, "  ^")

    def test_the_caret_under_a_long_line_points_at_the_character_the_error_names(self):
        # A number of 50,002 characters (1.000…, well within double precision), then an unknown unit.
        line = "1." + "0" * 50_000 + " hourz + 3"
        r = run("-e", line)
        self.assertEqual(r.returncode, 1)
        message, echo, caret = r.stderr.decode().splitlines()
        column = line.index("hourz") + 1
        self.assertIn(f"at column {column}", message)
        self.assertLessEqual(len(echo), 2 + 202)  # "…", at most 200 characters, "…"
        self.assertTrue(echo.startswith("  …"))
        position = caret.index("^")
        self.assertEqual(caret[:position].strip(), "")
        self.assertEqual(echo[position:position + 5], "hourz")

    def test_a_caret_under_a_line_with_tabs_keeps_the_tabs(self):
        r = run("-e", "1 +\t2 hourz")
        message, echo, caret = r.stderr.decode().splitlines()
        self.assertEqual(echo, "  1 +\t2 hourz")
        self.assertEqual(caret, "     \t  ^")  # the tab as a tab, so the caret stays under "h"

    # Notebooks: what the golden notebook (tricky.md) cannot show with an exit status of 0

    def notebook(self, text, *args):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "notes.md")
            with open(path, "wb") as f:
                f.write(text)
            return run(*args, path)

    def test_a_block_never_closed_is_an_error_that_names_its_first_line(self):
        r = self.notebook(b"Text\n\n```\nx = 6 * 7\n")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b"notes.md:3:1: error: The code block that starts here is never closed", r.stderr)
        # CommonMark runs an unclosed block to the end of the document, so its lines still ran.
        self.assertEqual(r.stdout, b"Text\n\n```\nx = 6 * 7\n\n> x = 42.0\n")

    def test_an_error_in_a_notebook_names_file_line_and_column(self):
        r = self.notebook(b"# Title\n\n~~~ballpark\nx = 1\ny = 2 hourz\n~~~\n")
        self.assertEqual(r.returncode, 1)
        self.assertIn(b'notes.md:5:7: error: Unknown unit "hourz" at column 7.', r.stderr)

    def test_a_windows_notebook_keeps_its_line_endings(self):
        r = self.notebook(b"Text\r\n\r\n```\r\nx = 6 * 7\r\n```\r\nMore\r\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, b"Text\r\n\r\n```\r\nx = 6 * 7\r\n```\r\n\r\n> x = 42.0\r\nMore\r\n")

    def test_a_notebook_without_a_final_line_ending_gets_its_result(self):
        r = self.notebook(b"```\nx = 6 * 7\n```")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, b"```\nx = 6 * 7\n```\n\n> x = 42.0\n")

    def test_all_quotes_every_line_of_a_tornado(self):
        # x*y with x in [1, 3] and y in [10, 20]: 30 at the central values 2 and 15; x alone moves it from 15 to
        # 45 (swing 30), y alone from 20 to 40 (swing 20), so x comes first.
        r = self.notebook(b"```\ntornado (1 to 3) * (10 to 20)\n```\n", "--all")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.decode(),
                         "```\ntornado (1 to 3) * (10 to 20)\n"
                         "> tornado: 30.0 with every input at its central value; one input at a time, largest effect"
                         " first:\n"
                         ">   1 to 3: 15.0 at its low end, 45.0 at its high end\n"
                         ">   10 to 20: 20.0 at its low end, 40.0 at its high end\n"
                         "```\n")


    def test_a_histogram_is_ascii_alone_in_ascii_and_every_line_is_quoted_in_a_notebook(self):
        # (1 to 3) * 1e30 kg: the numbers are scientific, so the heading carries the power of ten.
        r = run("--ascii", "-e", "histogram (1 to 3) * 1e30 kg")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(all(b < 128 for b in r.stdout), r.stdout)
        lines = r.stdout.decode().splitlines()
        self.assertEqual(lines[0], "1.7 [90%: 1.0, 3.0] * 10^30 kg")
        self.assertIn("units of 10^30 kg", lines[2])
        self.assertEqual(len(lines), 3 + 20)
        self.assertTrue(all(len(line) <= 80 for line in lines), lines)
        self.assertEqual(sum(" < " in line for line in lines[3:]), 3, lines)
        r = self.notebook(b"```\nhistogram (1 to 3) * (10 to 20)\n```\n", "--all")
        self.assertEqual(r.returncode, 0, r.stderr)
        quoted = r.stdout.decode().splitlines()[2:-1]
        self.assertEqual(len(quoted), 3 + 20, quoted)
        self.assertTrue(quoted[0].startswith("> histogram: "), quoted)
        self.assertTrue(all(line.startswith("> ") for line in quoted), quoted)

if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], *sys.argv[1:]])
