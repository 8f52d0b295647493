#!/usr/bin/env python3
"""The Windows extension as it ships (ballpark-windows.oxt), checked in the cross build: description.xml names
the platform, the package holds the Python component, its two modules and ballpark.dll, the DLL imports nothing
beyond what every Windows has and exports the C interface, and the C interface's tests pass under wine against
the packaged (stripped) DLL rather than the one in the build tree.

    windows_oxt_test.py OXT C_TESTS_EXE OBJDUMP WINE
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

EXPORTS = {"ballpark_c_version", "ballpark_call", "ballpark_call_with_kind", "ballpark_function_at",
           "ballpark_function_count", "ballpark_result_free"}


def main(oxt, tests_exe, objdump, wine):
    failures = []
    with zipfile.ZipFile(oxt) as z:
        names = set(z.namelist())
        description = z.read("description.xml").decode("utf-8")
        components = z.read("ballpark.components").decode("utf-8")
        work = tempfile.mkdtemp(prefix="ballpark-windows-oxt-")
        try:
            for wanted in ("ballpark_addin.py", "pythonpath/ballpark_c.py", "pythonpath/ballpark_array.py",
                           "pythonpath/ballpark.dll", "ballpark.rdb", "CalcAddIns.xcu", "META-INF/manifest.xml",
                           "LICENSE"):
                if wanted not in names:
                    failures.append(f"the package lacks {wanted}")
            if '<platform value="windows_x86_64"/>' not in description:
                failures.append("description.xml does not name the platform windows_x86_64")
            if 'loader="com.sun.star.loader.Python"' not in components:
                failures.append("ballpark.components does not register a Python component")
            dll = os.path.join(work, "ballpark.dll")
            with open(dll, "wb") as f:
                f.write(z.read("pythonpath/ballpark.dll"))
            dump = subprocess.run([objdump, "-p", dll], capture_output=True, text=True, check=True).stdout
            imports = sorted(set(re.findall(r"DLL Name: (\S+)", dump)))
            if imports != ["KERNEL32.dll", "msvcrt.dll"]:
                failures.append(f"ballpark.dll imports {imports}, not only KERNEL32.dll and msvcrt.dll")
            exported = set(re.findall(r"\[\s*\d+\] (ballpark_\w+)", dump))
            if exported != EXPORTS:
                failures.append(f"ballpark.dll exports {sorted(exported)}, not {sorted(EXPORTS)}")
            shutil.copy(tests_exe, work)
            run = subprocess.run([wine, os.path.join(work, os.path.basename(tests_exe))], cwd=work,
                                 capture_output=True, text=True, timeout=300)
            summary = re.search(r"\[  PASSED  \] (\d+) tests", run.stdout)
            if not summary or "[  FAILED  ]" in run.stdout:
                failures.append("the C interface's tests did not pass against the packaged DLL:\n" + run.stdout[-3000:])
            else:
                print(f"the packaged ballpark.dll passed {summary.group(1)} tests of the C interface under wine")
        finally:
            shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print("FAIL:", f)
    print(f"{'0' if failures else '1'} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
