"""A headless LibreOffice in a throwaway profile, for tests that drive the real Calc through UNO, and the runner
those tests share: its command line, a watchdog, one office for a whole module, and the closing count.

Runs with Debian's /usr/bin/python3, where python3-uno installs the `uno` module. Every wait is bounded so a
broken office fails the test instead of hanging CI, and the office is stopped through the process it started,
never by name. The runner needs no `uno` (tests/integration/runner_test.py runs it without LibreOffice).
"""

import argparse
import importlib.util
import os
import re
import sys
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import unittest

try:
    import uno
    from com.sun.star.beans import PropertyValue
    from com.sun.star.connection import NoConnectException
except ImportError:  # the runner works without python3-uno; an Office does not
    uno = None


def _sheet_table():
    """Ballpark's sheet functions, read from their one table, addin/sheet_table.py."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "addin", "sheet_table.py")
    spec = importlib.util.spec_from_file_location("sheet_table", path)
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    return table.FUNCTIONS


# Each function as Calc names it, with the number of parameters the wizard shows (the name; value pairs are
# parameters of their own).
FUNCTIONS = {f.name: f.arity() for f in _sheet_table()}
# Each function's name in a saved sheet and in the API's formulas (ORG.BALLPARK.CALCADDIN.<this>), by the name Calc
# shows: its method in capitals (QTY is QTY6, the short twin's method).
STORED = {f.name: f.method.upper() for f in _sheet_table()}

NOBODY = 65534

# The offices started and not yet stopped by this process, for the watchdog.
_running = []


# A Ballpark result text ends in its recipe's key, in characters that print as nothing (an invisible separator, then
# twenty-four variation selectors; core/include/ballpark/linked.hpp): what a cell shows is the text without them.
_KEY = re.compile("\u2063[\ufe00-\ufe0f]{24}$")


def shown(text):
    """What a cell's text shows: a Ballpark result without the key that follows it."""
    return _KEY.sub("", text)


def has_key(text):
    return bool(_KEY.search(text))


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prop(name, value):
    """A PropertyValue, the name-value pair UNO calls take their options in."""
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def _url(path):
    return uno.systemPathToFileUrl(os.path.abspath(path))


def _reachable_by_others(path):
    """Whether every directory from / down to path lets other users pass (the x bit for others)."""
    path = os.path.abspath(path)
    while True:
        if not os.stat(path).st_mode & 0o001:
            return False
        parent = os.path.dirname(path)
        if parent == path:
            return True
        path = parent


def _work_parent(as_root):
    """Where the office's work directory goes. As root the office runs as nobody, who must reach it: a TMPDIR
    inside a mode-0700 directory (root's home, a `mktemp -d` folder) would not do, so /tmp is used instead."""
    parent = tempfile.gettempdir()
    if as_root and not _reachable_by_others(parent):
        parent = "/tmp"
    return parent


class Office:
    """One soffice process with its own profile; optionally with extensions installed by unopkg first."""

    def __init__(self, soffice, unopkg=None, extensions=(), connect_timeout=60, locale=None, display=None):
        """`display` (an X display such as ":99") starts the office with windows there, as a person sees it,
        instead of headless."""
        self.soffice = soffice
        self.display = display
        self.locale = locale
        self.unopkg = unopkg
        self.extensions = list(extensions)
        self.connect_timeout = connect_timeout
        self.process = None
        self.context = None
        self.desktop = None
        # unopkg and soffice run with the work directory as their working directory, never the caller's: the
        # build folder may sit in a clone that the office user cannot enter (unopkg's launcher `cd`s to its
        # working directory and fails there).
        self.as_root = os.geteuid() == 0
        self.workdir = tempfile.mkdtemp(prefix="ballpark-office-", dir=_work_parent(self.as_root))
        self.profile = os.path.join(self.workdir, "profile")
        self.home = os.path.join(self.workdir, "home")
        os.makedirs(self.home)
        # unopkg refuses per-user installs as root, and soffice must run as the same user as unopkg to see
        # the extension, so as root both run as nobody in a directory nobody owns.
        self.prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"] if self.as_root else []
        if self.as_root:
            os.chmod(self.workdir, 0o755)
        # TMPDIR too: the caller's may be a directory that the office user cannot enter.
        self.env = dict(os.environ, HOME=self.home, TMPDIR=self.workdir, SAL_USE_VCLPLUGIN="svp")
        if display:
            # LibreOffice's own X11 toolkit: no desktop session or GTK theme needed, the same in every office.
            self.env.update(DISPLAY=display, SAL_USE_VCLPLUGIN="gen")
        self.env_arg = "-env:UserInstallation=" + _url(self.profile)

    def path(self, name):
        """A file inside the office's work directory, which the office user can write."""
        return os.path.join(self.workdir, name)

    def open_copy(self, path, name=None, hidden=True):
        """Opens a copy of the document at `path`, hidden unless told. The copy (named `name`, or like the original) sits in the
        work directory, owned by the office user, who may not be able to read the original (nobody, as root)."""
        copy = self.path(name or os.path.basename(path))
        shutil.copyfile(path, copy)
        if self.as_root:
            os.chown(copy, NOBODY, NOBODY)
        return self.load(_url(copy), hidden=hidden)

    def load(self, url="private:factory/scalc", attempts=3, hidden=True):
        """Opens the document at `url` (a new spreadsheet by default), hidden, and returns it once it answers.

        Once in CI, under load, a fresh office handed back a new spreadsheet whose first call failed in the bridge
        ("illegal object given!" on its first sheet) although the document before it had worked; nothing of
        Ballpark's had run in it yet. So a document is probed before it is returned, and opened again, a moment
        later, if the probe fails; the last failure is raised after `attempts` tries."""
        failure = None
        for attempt in range(attempts):
            if attempt:
                time.sleep(1.0)
            doc = self.desktop.loadComponentFromURL(url, "_blank", 0, (prop("Hidden", hidden),))
            if doc is None:
                failure = RuntimeError(f"LibreOffice opened nothing for {url}")
                continue
            try:
                doc.Sheets.getByIndex(0).getCellByPosition(0, 0)
                return doc
            except Exception as e:  # uno.RuntimeException: the bridge could not use the document
                failure = e
                try:
                    doc.close(True)
                except Exception:  # a document the bridge cannot use may not close either; the office stops later
                    pass
        raise failure

    def _give_to_office_user(self):
        if self.as_root:
            for root, dirs, files in os.walk(self.workdir):
                for name in dirs + files:
                    os.lchown(os.path.join(root, name), NOBODY, NOBODY)
            os.lchown(self.workdir, NOBODY, NOBODY)

    def _set_locale(self):
        """Writes the profile's locale setting before the first start, as a user who picked it in Tools > Options >
        Language Settings would have: ooSetupSystemLocale decides the decimal separator Calc writes numbers with
        (ooLocale, the interface language, falls back to English when no language pack is installed)."""
        user = os.path.join(self.profile, "user")
        os.makedirs(user, exist_ok=True)
        items = "".join(
            f'<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="{name}" oor:op="fuse">'
            f"<value>{self.locale}</value></prop></item>\n"
            for name in ("ooLocale", "ooSetupSystemLocale"))
        with open(os.path.join(user, "registrymodifications.xcu"), "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
                    'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
                    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' + items + "</oor:items>\n")

    def start(self):
        if self.locale:
            self._set_locale()
        copies = []
        for oxt in self.extensions:
            copy = self.path(os.path.basename(oxt))
            shutil.copyfile(oxt, copy)  # the office user may not be able to read the build tree
            copies.append(copy)
        self._give_to_office_user()
        for copy in copies:
            subprocess.run(self.prefix + [self.unopkg, "add", "--force", "--suppress-license", copy, self.env_arg],
                           env=self.env, cwd=self.workdir, check=True, timeout=120, stdin=subprocess.DEVNULL)
        port = _free_port()
        accept = f"socket,host=127.0.0.1,port={port};urp;StarOffice.ComponentContext"
        # A session of its own lets the fallback in stop() reach soffice.bin, which the soffice script starts
        # as a child, through the process group of the one process this class started.
        self.process = subprocess.Popen(
            self.prefix + [self.soffice, self.env_arg] + ([] if self.display else ["--headless", "--invisible"]) +
            ["--norestore", "--nologo", "--nodefault", "--nolockcheck", f"--accept={accept}"],
            env=self.env, cwd=self.workdir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        _running.append(self)
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.monotonic() + self.connect_timeout
        while True:
            try:
                self.context = resolver.resolve(f"uno:socket,host=127.0.0.1,port={port};urp;StarOffice.ComponentContext")
                break
            except NoConnectException:
                if self.process.poll() is not None:
                    raise RuntimeError(f"soffice exited with {self.process.returncode} before accepting connections")
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"soffice did not accept a connection within {self.connect_timeout} s")
                time.sleep(0.2)
        self.desktop = self.create("com.sun.star.frame.Desktop")
        return self

    def create(self, service):
        return self.context.ServiceManager.createInstanceWithContext(service, self.context)

    def stop(self, timeout=30):
        """Asks the office to quit, then waits for the process this object started; kills only that group."""
        if self.process is None:
            return
        if self.desktop is not None:
            try:
                self.desktop.terminate()
            except Exception:  # the bridge drops while the office quits; that is the expected outcome
                pass
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(self.process.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    self.process.wait(timeout=10)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if self in _running:
            _running.remove(self)
        self.process = None
        self.desktop = None
        self.context = None

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.cleanup()
        return False


def start_watchdog(seconds, name):
    """Bounds the whole run: past the deadline every office this process started (its process group, nothing else)
    is killed, which makes any UNO call stuck in it fail, so the test ends and reports instead of hanging. Returns
    the timer, for a caller that finishes in time to cancel it."""
    def expire():
        print(f"{name}: still running after {seconds} s; killing the soffice processes it started", file=sys.stderr)
        for office in list(_running):
            try:
                os.killpg(office.process.pid, signal.SIGKILL)
            except (AttributeError, ProcessLookupError):  # stopped meanwhile
                pass
    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()
    return timer


def module_office(module):
    """setUpModule and tearDownModule for a test module whose tests share one office, module.OFFICE, with the
    built extension installed, started with the module's ARGS."""
    def setUpModule():
        args = module.ARGS
        office = Office(args.soffice, args.unopkg, [args.oxt], locale=args.locale)
        try:
            module.OFFICE = office.start()
        except BaseException:  # tearDownModule does not run after a failed setUpModule
            office.cleanup()
            raise

    def tearDownModule():
        if getattr(module, "OFFICE", None) is not None:
            module.OFFICE.cleanup()
    return setUpModule, tearDownModule


class _CountingResult(unittest.TextTestResult):
    """Also counts the tests that passed: a test whose class or module failed to set up never runs, so it is in
    neither testsRun nor the failures."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.passed = 0

    def addSuccess(self, test):
        super().addSuccess(test)
        self.passed += 1


def run_module_tests(module, names=()):
    """Runs a test module's unittest cases (or only `names`) and prints the closing line CI reads,
    "N passed, N failed[, N skipped]"; returns the exit status (a skipped test fails the run). A test that did
    not pass, including one that never ran because setUpModule or setUpClass raised, is failed; an error while
    tearing down counts as one failure more."""
    loader = unittest.defaultTestLoader
    suite = loader.loadTestsFromNames(names, module) if names else loader.loadTestsFromModule(module)
    total = suite.countTestCases()
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stderr, resultclass=_CountingResult).run(suite)
    skipped = len(result.skipped)
    # Errors outside a test (setUpModule, setUpClass, their tear-downs) stand in the list under a placeholder.
    teardown_errors = sum(1 for test, _ in result.errors
                          if not isinstance(test, unittest.TestCase) and "tearDown" in str(test))
    failed = total - result.passed - skipped + teardown_errors
    print(f"{result.passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 0 if failed == 0 and not skipped else 1


def main(module, deadline, description=None):
    """The command line of a LibreOffice test module: the built extension, the office's programs and locale, and a
    deadline for the watchdog; sets module.ARGS, then runs the module's tests (the names left on the command line,
    or all) and returns the exit status."""
    parser = argparse.ArgumentParser(description=description or module.__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--oxt", required=True)
    parser.add_argument("--soffice", default="/usr/lib/libreoffice/program/soffice")
    parser.add_argument("--unopkg", default="/usr/lib/libreoffice/program/unopkg")
    parser.add_argument("--deadline", type=float, default=deadline, help="seconds before the offices are killed")
    parser.add_argument("--locale", help="the offices' locale, e.g. de-DE (decimal comma); default: the profile's")
    module.ARGS, rest = parser.parse_known_args()
    start_watchdog(module.ARGS.deadline, os.path.basename(module.__file__))
    return run_module_tests(module, rest)
