"""The closing lines the structure tests print: each failure, then 'N passed, N failed' as the other runners do."""


def report(checked, failures):
    """Prints the failures and the count line; returns the exit status (1 when anything failed)."""
    for failure in failures:
        print("FAIL:", failure)
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0
