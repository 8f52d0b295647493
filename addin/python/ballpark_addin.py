"""The Calc add-in as a Python UNO component: org.ballpark.XBallparkFunctions, with the same service name and wizard
text (CalcAddIns.xcu) as the C++ component (addin/calc_addin.cpp), all three written from addin/sheet_table.py, over
Ballpark's C interface loaded with ctypes (pythonpath/ballpark_c.py): ballpark.dll on Windows, libballpark_c.so
on Linux. This is the route to platforms where a C++ UNO component cannot be built here (Windows needs MSVC's
ABI); LibreOffice's own Python runs it.

Like the C++ component it does not implement XAddIn, so Calc reads every name and description from the .xcu. An
error becomes the IllegalArgumentException that Calc shows as Err:502, with the sentence QTYERROR shows.
"""

import os
import sys

import unohelper
from com.sun.star.lang import IllegalArgumentException, XServiceInfo, XServiceName
from org.ballpark import XBallparkFunctions

# LibreOffice's loader puts pythonpath/ beside this file on sys.path; added here for a loader that does not.
PYTHONPATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pythonpath")
if PYTHONPATH not in sys.path:
    sys.path.append(PYTHONPATH)
import ballpark_c  # noqa: E402
from ballpark_array import array_result  # noqa: E402
from ballpark_functions import EXPLAINS, METHODS  # noqa: E402  (written by the build from addin/sheet_table.py)

# Stored in every saved spreadsheet as of:=ORG.BALLPARK.CALCADDIN.<METHOD>(...): the C++ component's name, so a
# sheet works with either.
SERVICE_NAME = "org.ballpark.CalcAddIn"
IMPLEMENTATION_NAME = "org.ballpark.CalcAddIn"
# The service Calc enumerates to find add-ins.
ADDIN_SERVICE = "com.sun.star.sheet.AddIn"


def _load():
    """The C interface, or the sentence that says why it could not be loaded: every cell then shows Err:502 and
    QTYERROR that sentence, rather than the functions being missing with no reason given."""
    path = os.path.join(PYTHONPATH, ballpark_c.library_name())
    try:
        library = ballpark_c.Library(path)
    except OSError as e:
        return None, f"Ballpark could not load {path}: {e}."
    except ballpark_c.BallparkError as e:
        return None, e.sentence
    # The library and ballpark_functions.py come from one build; from two, a call could reach another function.
    listed = [(f.method, f.name, f.parameters, f.takes_pairs) for f in library.functions.values()]
    if listed != [(method, name, parameters, pairs > 0) for method, name, parameters, pairs in METHODS]:
        return None, (f"{path} lists other sheet functions than this component's ballpark_functions.py, so they come "
                      "from different builds of Ballpark; install the extension again from one build.")
    return library, None


LIBRARY, LOAD_ERROR = _load()


class CalcAddIn(unohelper.Base, XBallparkFunctions, XServiceName, XServiceInfo):
    """Each method of XBallparkFunctions is made below from the table's list of them (ballpark_functions.py)."""

    def __init__(self, context):
        self.context = context

    def _call(self, method, args):
        if LIBRARY is None:
            return self._failed(method, LOAD_ERROR)
        try:
            result = LIBRARY.call_method(method, args)
            # An array (a column of models, several parts) as a tuple of rows: Calc takes it only in the form
            # ballpark_array.py gives it.
            return array_result(result) if isinstance(result, tuple) else result
        except ballpark_c.BallparkError as e:
            return self._failed(method, e.sentence)
        except Exception as e:  # an exception Calc does not expect would show as #VALUE! with no reason
            return self._failed(method, f"Ballpark failed inside: {e}")

    def _failed(self, method, sentence):
        if method == EXPLAINS:
            return sentence
        raise IllegalArgumentException(sentence, self, 0)

    # XServiceName: Calc asks it for the name under which the .xcu describes the functions.
    def getServiceName(self):
        return SERVICE_NAME

    # XServiceInfo
    def getImplementationName(self):
        return IMPLEMENTATION_NAME

    def supportsService(self, name):
        return name in self.getSupportedServiceNames()

    def getSupportedServiceNames(self):
        return (SERVICE_NAME, ADDIN_SERVICE)


def _method(name):
    def method(self, *args):
        return self._call(name, args)
    method.__name__ = name
    return method


# The methods the IDL declares, as the table lists them. Without the library, each raises the sentence of why it is
# missing (QTYERROR returns it). Python-UNO looks a method up by its name when Calc calls it.
for _method_name, _name, _parameters, _pairs in METHODS:
    setattr(CalcAddIn, _method_name, _method(_method_name))


g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(CalcAddIn, IMPLEMENTATION_NAME, (SERVICE_NAME, ADDIN_SERVICE))
