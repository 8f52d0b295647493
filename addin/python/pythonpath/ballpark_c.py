"""Ballpark's C interface (addin/c_api/ballpark_c.h) through ctypes, for the Python UNO adapter (ballpark_addin.py)
and for any Python program: the sheet functions called with Python values, answering a float, a str, an array as a
tuple of rows (each a tuple of cells: a float, a str or None for an empty cell), or raising BallparkError with the
sentence.

Values in are what Python-UNO hands a Calc add-in: None (an omitted argument or an empty cell), a float (an int
is taken as one), a str, or a range as a tuple of rows, each a tuple of cells (None, a number or a str). Needs no
`uno` module, so it is tested without LibreOffice (tests/python/ballpark_c_test.py).
"""

import ctypes
import os
import sys

# The BALLPARK_C_VERSION this module is written for; a library of another version is refused.
VERSION = 3

EMPTY, NUMBER, TEXT, RANGE = 0, 1, 2, 3
RESULT_NUMBER, RESULT_TEXT, RESULT_ERROR, RESULT_ARRAY = 1, 2, 3, 5
CELL_EMPTY, CELL_NUMBER, CELL_TEXT, CELL_ERROR = 0, 1, 2, 3


class Value(ctypes.Structure):
    """ballpark_value."""


Value._fields_ = [("kind", ctypes.c_int32), ("number", ctypes.c_double), ("text", ctypes.c_char_p),
                  ("text_size", ctypes.c_size_t), ("cells", ctypes.POINTER(Value)), ("rows", ctypes.c_size_t),
                  ("columns", ctypes.c_size_t)]


class _Cell(ctypes.Structure):
    """ballpark_cell. `text` points into the array's memory, which ballpark_result_free gives back."""
    _fields_ = [("kind", ctypes.c_int32), ("number", ctypes.c_double), ("text", ctypes.c_void_p),
                ("text_size", ctypes.c_size_t)]


class _Result(ctypes.Structure):
    """ballpark_result. `text` is a void pointer so that ctypes does not copy it away before it is freed."""
    _fields_ = [("kind", ctypes.c_int32), ("number", ctypes.c_double), ("text", ctypes.c_void_p),
                ("text_size", ctypes.c_size_t), ("cells", ctypes.POINTER(_Cell)), ("rows", ctypes.c_size_t),
                ("columns", ctypes.c_size_t)]


class _Function(ctypes.Structure):
    """ballpark_function."""
    _fields_ = [("name", ctypes.c_char_p), ("method", ctypes.c_char_p), ("result_kind", ctypes.c_int32),
                ("parameters", ctypes.c_size_t), ("takes_pairs", ctypes.c_int32)]


class BallparkError(Exception):
    """A sheet function's error: `sentence` says what is wrong, as QTYERROR shows it; `kind` what kind of error it
    is, for code that acts on it ("unknown_unit", "dimension", …: ballpark_call_with_kind in ballpark_c.h), or None
    for an error of this adapter's own."""

    def __init__(self, sentence, kind=None):
        super().__init__(sentence)
        self.sentence = sentence
        self.kind = kind


class Function:
    """One sheet function: its Calc name, its UNO method, whether it returns a text, its parameters before the
    name; value pairs and whether those follow."""

    def __init__(self, name, method, returns_text, parameters, takes_pairs):
        self.name, self.method, self.returns_text = name, method, returns_text
        self.parameters, self.takes_pairs = parameters, takes_pairs


def library_name():
    """The file the build makes for this platform."""
    if sys.platform == "win32":
        return "ballpark.dll"
    if sys.platform == "darwin":
        return "libballpark_c.dylib"
    return "libballpark_c.so"


def _text(value):
    # A lone surrogate, which UTF-8 cannot hold, becomes "?" rather than failing the call.
    data = value.encode("utf-8", "replace")
    return data, len(data)


def _type_name(value):
    return type(value).__name__


def _utf8(pointer, size):
    return ctypes.string_at(pointer, size).decode("utf-8", "replace")


def _array(result):
    """An array result's cells as a tuple of rows, read before the result is freed. A cell that is an error makes the
    call fail with its sentence: a row of results either all stand or the call says what is wrong (ballpark_c.h)."""
    cells = ctypes.cast(result.cells, ctypes.POINTER(_Cell * (result.rows * result.columns))).contents
    values = []
    for cell in cells:
        if cell.kind == CELL_NUMBER:
            values.append(cell.number)
        elif cell.kind == CELL_TEXT:
            values.append(_utf8(cell.text, cell.text_size))
        elif cell.kind == CELL_EMPTY:
            values.append(None)
        elif cell.kind == CELL_ERROR:
            raise BallparkError(_utf8(cell.text, cell.text_size) if cell.text else "Ballpark ran out of memory.")
        else:
            raise BallparkError(f"A cell of the result has the kind {cell.kind}, which this adapter cannot read.")
    columns = result.columns
    return tuple(tuple(values[k:k + columns]) for k in range(0, len(values), columns))


class _Arguments:
    """The ballpark_value array of one call; keeps every buffer it points into alive until the call is over."""

    def __init__(self, values):
        self.keep = []
        self.array = (Value * max(len(values), 1))()
        for i, value in enumerate(values):
            self._fill(self.array[i], value, i)

    def _fill_one(self, slot, value):
        """A number or a text into `slot`; False for anything else (slot left alone)."""
        if isinstance(value, (float, int)) and not isinstance(value, bool):
            slot.kind, slot.number = NUMBER, value
        elif isinstance(value, str):
            data, size = _text(value)
            self.keep.append(data)
            slot.kind, slot.text, slot.text_size = TEXT, data, size
        else:
            return False
        return True

    def _fill(self, slot, value, position):
        if value is None:
            slot.kind = EMPTY
        elif self._fill_one(slot, value):
            pass
        elif isinstance(value, (tuple, list)) and all(isinstance(row, (tuple, list)) for row in value):
            self._fill_range(slot, value, position)
        else:
            raise BallparkError(f"Argument {position + 1} has the type {_type_name(value)}, which Ballpark cannot read.")

    def _fill_range(self, slot, rows, position):
        columns = max((len(row) for row in rows), default=0)
        cells = (Value * max(len(rows) * columns, 1))()
        self.keep.append(cells)
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):  # a short row's missing cells stay empty (kind 0)
                if cell is not None and not self._fill_one(cells[r * columns + c], cell):
                    raise BallparkError(f"A cell of argument {position + 1} has the type {_type_name(cell)}, "
                                        "which Ballpark cannot read.")
        slot.kind, slot.rows, slot.columns = RANGE, len(rows), columns
        slot.cells = ctypes.cast(cells, ctypes.POINTER(Value))


class Library:
    """The loaded C interface: `functions` by UNO method name, and call()."""

    def __init__(self, path=None):
        path = path or os.path.join(os.path.dirname(os.path.abspath(__file__)), library_name())
        lib = ctypes.CDLL(path)
        lib.ballpark_c_version.restype = ctypes.c_int32
        lib.ballpark_c_version.argtypes = []
        version = lib.ballpark_c_version()
        if version != VERSION:
            raise BallparkError(f"{path} has version {version} of Ballpark's C interface, but this adapter was "
                                f"written for version {VERSION}.")
        lib.ballpark_result_free.restype = None
        lib.ballpark_result_free.argtypes = [ctypes.POINTER(_Result)]
        lib.ballpark_function_count.restype = ctypes.c_size_t
        lib.ballpark_function_count.argtypes = []
        lib.ballpark_function_at.restype = ctypes.c_int32
        lib.ballpark_function_at.argtypes = [ctypes.c_size_t, ctypes.POINTER(_Function)]
        lib.ballpark_call.restype = ctypes.c_int32
        lib.ballpark_call.argtypes = [ctypes.c_char_p, ctypes.POINTER(Value), ctypes.c_size_t, ctypes.POINTER(_Result)]
        lib.ballpark_call_with_kind.restype = ctypes.c_int32
        lib.ballpark_call_with_kind.argtypes = [ctypes.c_char_p, ctypes.POINTER(Value), ctypes.c_size_t,
                                                ctypes.POINTER(_Result), ctypes.POINTER(ctypes.c_char_p)]
        self._lib = lib
        self.path = path
        self.functions = {}
        for i in range(lib.ballpark_function_count()):
            f = _Function()
            if lib.ballpark_function_at(i, ctypes.byref(f)):
                name, method = f.name.decode("ascii"), f.method.decode("ascii")
                self.functions[method] = Function(name, method, f.result_kind == RESULT_TEXT, f.parameters,
                                                  bool(f.takes_pairs))
        self._names = {f.name: f.name.encode("ascii") for f in self.functions.values()}

    def call(self, name, values):
        """Calls the sheet function `name` ("QTYVALUE") with its arguments in order, the name; value pairs
        flattened after them. Returns a float, a str, or an array as a tuple of rows of cells (a float, a str, or
        None for an empty cell: a blank row's place in a column); raises BallparkError with the function's
        sentence."""
        args = _Arguments(values)
        result = _Result()
        encoded = self._names.get(name) or name.encode("utf-8")
        error_kind = ctypes.c_char_p()
        kind = self._lib.ballpark_call_with_kind(encoded, args.array, len(values), ctypes.byref(result),
                                                 ctypes.byref(error_kind))
        try:
            if kind == RESULT_NUMBER:
                return result.number
            if kind == RESULT_ARRAY:
                return _array(result)
            text = _utf8(result.text, result.text_size) if result.text else None
            if kind == RESULT_TEXT:
                return text
            if kind == RESULT_ERROR:
                raise BallparkError(text or "Ballpark ran out of memory while wording an error.",
                                    error_kind.value.decode("ascii") if error_kind.value else None)
            raise BallparkError(f"{name} gave a result of the kind {kind}, which this adapter cannot read.")
        finally:
            self._lib.ballpark_result_free(ctypes.byref(result))

    def call_method(self, method, args):
        """Calls a function as Python-UNO hands over a call of the UNO method `method` ("qtyValue"): its
        parameters, then, for a function that takes them, the name; value pairs as the parameters name1, value1,
        ... (the IDL the build writes from addin/sheet_table.py), None for those not given."""
        f = self.functions[method]
        values = list(args[:f.parameters])
        if f.takes_pairs:
            pairs = list(args[f.parameters:])
            while pairs and pairs[-1] is None:
                pairs.pop()
            values.extend(pairs)
        return self.call(f.name, values)
