#!/usr/bin/env python3
"""The integration tests' runner (office.run_module_tests) on tiny modules made here, without LibreOffice: a
setUpModule or setUpClass that raises fails the run with every test it kept from running counted as failed, and the
closing line stays "N passed, N failed".

Run by CTest (test integration.runner), or by hand: python3 tests/integration/runner_test.py
"""

import contextlib
import io
import os
import sys
import textwrap
import types
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import office  # noqa: E402  (needs the path above)


def run(source):
    """Runs the tests of a module with this source through the runner: (exit status, closing line)."""
    name = f"runner_test_module_{abs(hash(source))}"
    module = types.ModuleType(name)
    sys.modules[name] = module  # unittest finds setUpModule through sys.modules
    try:
        exec(textwrap.dedent(source), module.__dict__)
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = office.run_module_tests(module)
    finally:
        del sys.modules[name]
    return status, out.getvalue().strip().splitlines()[-1]


TWO_CLASSES = """
    import unittest

    class First(unittest.TestCase):
        def test_one(self): pass
        def test_two(self): pass

    class Second(unittest.TestCase):
        def test_three(self): pass
"""


class RunModuleTests(unittest.TestCase):
    def test_all_passing(self):
        self.assertEqual(run(TWO_CLASSES), (0, "3 passed, 0 failed"))

    def test_a_failing_setupmodule_fails_every_test(self):
        self.assertEqual(run("def setUpModule(): raise RuntimeError('no office')\n" + textwrap.dedent(TWO_CLASSES)),
                         (1, "0 passed, 3 failed"))

    def test_a_failing_setupclass_fails_its_class_only(self):
        source = TWO_CLASSES + """
    def broken(cls): raise RuntimeError('no document')
    First.setUpClass = classmethod(broken)
"""
        self.assertEqual(run(source), (1, "1 passed, 2 failed"))

    def test_a_failing_teardownmodule_is_one_failure_more(self):
        source = "def tearDownModule(): raise RuntimeError('office hung')\n" + textwrap.dedent(TWO_CLASSES)
        self.assertEqual(run(source), (1, "3 passed, 1 failed"))

    def test_failures_errors_and_skips(self):
        source = """
    import unittest

    class Mixed(unittest.TestCase):
        def test_fails(self): self.fail()
        def test_raises(self): raise ValueError()
        def test_passes(self): pass
        def test_skipped(self): self.skipTest("not here")
        def test_a_subtest_fails(self):
            with self.subTest(k=1):
                self.fail()
"""
        self.assertEqual(run(source), (1, "1 passed, 3 failed, 1 skipped"))


if __name__ == "__main__":
    sys.exit(office.run_module_tests(sys.modules[__name__], sys.argv[1:]))
