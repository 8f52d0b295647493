"""An array result of the Python component handed to Calc: a column of models (QTY, QTYDIST, QTYVALUE) or the parts
of QTYVALUE, as the C++ component returns them (addin/calc_addin.cpp).

Calc takes an add-in's array only as a value whose UNO type is a sequence of sequences. Python-UNO makes a returned
tuple of tuples a sequence of `any`, which Calc refuses (Err:519 in LibreOffice 7.4 and 25.2), and refuses a uno.Any
as a return value; it does accept a uno.Any as the member of a struct. So the array goes over as a volatile result
(com.sun.star.sheet.XVolatileResult): Calc adds a listener to it at once, the result hands the listener a
ResultEvent whose Value is the array typed [][]any, and Calc shows that value as it shows a returned array.

Calc keeps that listener, with its value, until the document closes, and finds it again by the result object. So one
object stands for each distinct array while Calc holds it: the N calls with which Calc interprets an array formula
over N rows share one listener instead of leaving N behind. Each new array (an edit that changes a result) still
leaves one listener in Calc until the document is closed.
"""

import weakref

import uno
import unohelper
from com.sun.star.sheet import XVolatileResult

# Each array while Calc holds its object, by its cells: equal arrays, equal object.
_SHOWN = weakref.WeakValueDictionary()


def calc_cells(rows):
    """The rows as Calc gets them: an empty cell (None, a blank row's place) as an empty text, as the C++ component
    hands it over."""
    return tuple(tuple("" if cell is None else cell for cell in row) for row in rows)


class ArrayResult(unohelper.Base, XVolatileResult):
    """One array, given to every listener Calc adds; it never changes afterwards."""

    def __init__(self, rows):
        self.rows = rows

    def addResultListener(self, listener):
        event = uno.createUnoStruct("com.sun.star.sheet.ResultEvent")
        event.Source = self
        event.Value = uno.Any("[][]any", self.rows)
        listener.modified(event)

    def removeResultListener(self, listener):
        pass  # no listener is kept: the value never changes


def array_result(rows):
    """The object to return to Calc for an array of rows (tuples of floats, strs and Nones)."""
    cells = calc_cells(rows)
    shown = _SHOWN.get(cells)
    if shown is None:
        shown = ArrayResult(cells)
        _SHOWN[cells] = shown
    return shown
