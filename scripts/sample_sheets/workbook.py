"""Every sample sheet: the six layouts from the data, written as files with their stored results, and compared
with the committed ones."""

import difflib
import os

from .back_test import back_test
from .data import SHEET_DIR, load_data
from .llama_comparison import llama_comparison
from .model_budgets import model_budgets
from .odf_document import document
from .quarter_plan import quarter_plan
from .stored_values import read_values
from .training_budget import training_budget
from .training_runs import load_runs
from .unit_cookbook import unit_cookbook


def sheets():
    models, accelerators = load_data()
    return [llama_comparison(models), model_budgets(models, accelerators), unit_cookbook(), training_budget(),
            quarter_plan(models, accelerators), back_test(load_runs())]


def build():
    """{file name: contents} for every sample sheet, with the stored results of computed-values.csv."""
    values = read_values()
    return {f"{s.name}.fods": document(s, values.get(s.name)) for s in sheets()}


def drift(directory=SHEET_DIR):
    """A list of (file, unified diff) for each committed sheet that differs from what build() writes."""
    problems = []
    for name, contents in build().items():
        path = os.path.join(directory, name)
        try:
            with open(path, encoding="utf-8") as f:
                committed = f.read()
        except FileNotFoundError:
            problems.append((name, f"{path} is missing"))
            continue
        if committed != contents:
            diff = difflib.unified_diff(committed.splitlines(), contents.splitlines(), f"committed/{name}",
                                        f"generated/{name}", lineterm="", n=1)
            problems.append((name, "\n".join(list(diff)[:40])))
    return problems
