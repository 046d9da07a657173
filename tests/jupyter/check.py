"""Drives the sprague Jupyter kernel through real clients (tests/jupyter.rs
runs it with a virtual environment holding jupyter_client, nbclient and
jupyter_kernel_test, and JUPYTER_PATH naming the installed kernelspec).

    python check.py NOTEBOOK [--write]

1. Runs NOTEBOOK (the tour) top to bottom with nbclient and checks every
   code cell's outputs: values, the HTML table, the tree and plot pictures,
   the error with its diagnostic, the definitions that survive it, %time.
   With --write the executed notebook is saved back (to refresh the stored
   outputs after a change).
2. Interrupts a long evaluation by an interrupt request and by SIGINT, and
   checks the kernel goes on with its definitions; checks that plot with a
   file name writes the file as well as showing it, completion, inspection.
3. Runs jupyter_kernel_test's protocol checks.

Exits non-zero when any check fails; the last line says how many passed.
"""

import os
import queue
import re
import shutil
import signal
import sys
import tempfile
import time
import unittest
import xml.etree.ElementTree as ET

import jupyter_client
import jupyter_kernel_test
import nbclient
import nbformat

KERNEL = "sprague"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
SVG = "{http://www.w3.org/2000/svg}"

passed = 0
failed = []


def check(name, condition, detail=""):
    """Records one check."""
    global passed
    if condition:
        passed += 1
    else:
        failed.append(f"{name}: {detail}")
        print(f"FAILED {name}: {detail}", file=sys.stderr)


def results(cell):
    """The text of each execute_result of a cell."""
    return [o["data"]["text/plain"] for o in cell.outputs if o.output_type == "execute_result"]


def pictures(cell):
    """The SVG pictures a cell displayed, parsed."""
    found = []
    for output in cell.outputs:
        if output.output_type == "display_data" and "image/svg+xml" in output.data:
            found.append(ET.fromstring(output.data["image/svg+xml"]))
    return found


def stream(cell):
    return "".join(o.text for o in cell.outputs if o.output_type == "stream")


def tour(path, write):
    """Runs the tour notebook and checks each code cell."""
    notebook = nbformat.read(path, as_version=4)
    started = time.time()
    client = nbclient.NotebookClient(
        notebook,
        kernel_name=KERNEL,
        timeout=300,
        record_timing=False,
        resources={"metadata": {"path": tempfile.mkdtemp()}},
    )
    client.execute()
    print(f"the tour ran in {time.time() - started:.2f} s")
    if write:
        nbformat.write(notebook, path)
    cells = {}
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cells[cell.source.splitlines()[0]] = cell
    expected_results = {
        "mex({0, 1, 3})": ["2", "5"],
        "game Upto3(n) = < Upto3(n - k) for k in 1..=3 if k <= n >": [
            "[0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]"
        ],
        "options(Upto3(4))": ["[Upto3(3), Upto3(2), Upto3(1)]", "true"],
        'let Kayles = octal("0.77")': [
            "[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]",
            "12",
        ],
        # Defined in the cell that failed: g(70) = 6, the last exception.
        "g(Kayles(before))": ["6"],
        "%time g(Kayles(2000))": ["1"],
    }
    for first_line, expected in expected_results.items():
        cell = cells.get(first_line)
        check(f"cell {first_line!r} exists", cell is not None)
        if cell is not None:
            check(f"results of {first_line!r}", results(cell) == expected, results(cell))

    table = cells["game TwoHeaps(n, m) = *n + *m"]
    html = [o.data.get("text/html", "") for o in table.outputs if o.output_type == "execute_result"]
    check("the table is HTML", len(html) == 1 and html[0].startswith("<table"), html)
    if html:
        rows = re.findall(r"<tr><th>(\d+)</th>((?:<td>\d+</td>)*)</tr>", html[0])
        values = [[int(v) for v in re.findall(r"<td>(\d+)</td>", cells_)] for _, cells_ in rows]
        check(
            "Table 3.3.1",
            values == [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]],
            values,
        )
    check("the table as text too", "TwoHeaps |" in results(table)[0], results(table))

    tree = cells["tree(*2 + *1)"]
    check("the tree as text", results(tree)[:1] and results(tree)[0].startswith("*1 + *2  g=3"),
          results(tree))
    drawn = pictures(tree)
    check("the tree as a picture", len(drawn) == 1, tree.outputs)
    if drawn:
        boxes = drawn[0].findall(f"{SVG}rect")
        labels = [t.text for t in drawn[0].findall(f"{SVG}text")]
        check("a box per position drawn, on a background", len(boxes) == 9, len(boxes))
        check("the root's labels", labels[:2] == ["*1 + *2", "g=3"], labels[:2])

    plot = cells["plot(Kayles, 0..=120)"]
    drawn = pictures(plot)
    check("the plot is one SVG picture", len(drawn) == 1, plot.outputs)
    if drawn:
        texts = " ".join(t.text or "" for t in drawn[0].iter(f"{SVG}text"))
        check("the plot's title", 'g(octal("0.77")(n))' in texts, texts[:200])
        dots = drawn[0].findall(f".//{SVG}circle")
        check("a dot per value plotted", len(dots) == 121, len(dots))
    check("plot shows nothing else", results(plot) == [], results(plot))

    error = cells["let before = 70"]
    errors = [o for o in error.outputs if o.output_type == "error"]
    check("the error cell has one error", len(errors) == 1, error.outputs)
    if errors:
        traceback = "\n".join(errors[0].traceback)
        plain = ANSI.sub("", traceback)
        check("the error's message", errors[0].evalue == "cannot add the integer 5 to a game",
              errors[0].evalue)
        check("the diagnostic is coloured", "\x1b[" in traceback, traceback[:80])
        check("the diagnostic points into the cell",
              "<cell:" in plain and ":2:15 ]" in plain and "g(Kayles(3) + 5)" in plain
              and "this is an integer" in plain, plain)

    timed = cells["%time g(Kayles(2000))"]
    check("%time says how long", re.search(r"took [0-9.]+ (µs|ms|s)", stream(timed)),
          stream(timed))


def start(cwd=None):
    manager, client = jupyter_client.manager.start_new_kernel(kernel_name=KERNEL, cwd=cwd)
    return manager, client


def run(client, code, timeout=60):
    outputs = []
    reply = client.execute_interactive(code, output_hook=outputs.append, timeout=timeout)
    return reply["content"], outputs


def interrupts():
    """A long evaluation stops at an interrupt request and at SIGINT; the
    session goes on, its definitions kept."""
    started = time.time()
    manager, client = start()
    print(f"the kernel started in {time.time() - started:.2f} s")
    try:
        run(client, "game T(n) = < T(n - k) for k in 1..=n >\nlet kept = 41")
        for how in ["message", "signal"]:
            message = client.execute("g(T(10000000))")
            time.sleep(1.0)
            asked = time.time()
            if how == "message":
                manager.interrupt_kernel()
            else:
                manager.signal_kernel(signal.SIGINT)
            reply = client.get_shell_msg(timeout=30)
            took = time.time() - asked
            check(f"an interrupt by {how} answers the cell",
                  reply["parent_header"]["msg_id"] == message, reply["parent_header"])
            check(f"an interrupt by {how} fails the cell", reply["content"]["status"] == "error",
                  reply["content"])
            check(f"an interrupt by {how} says so",
                  reply["content"].get("ename") == "interrupted"
                  and reply["content"].get("evalue") == "interrupted", reply["content"])
            check(f"an interrupt by {how} is quick", took < 5, took)
            print(f"an interrupt by {how} stopped the cell in {took:.2f} s")
            content, outputs = run(client, "kept + 1")
            values = [o["content"]["data"]["text/plain"] for o in outputs
                      if o["msg_type"] == "execute_result"]
            check(f"the session goes on after an interrupt by {how}", values == ["42"], values)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def files_completion_inspection():
    """plot with a file name writes it and shows it; completion and
    inspection answer from the session's definitions."""
    folder = tempfile.mkdtemp()
    manager, client = start(cwd=folder)
    try:
        content, outputs = run(client, 'game S(n) = < S(n - k) for k in [1, 4] if k <= n >\n'
                                       'plot(S, 0..=30, "s.svg")')
        check("plot with a file succeeds", content["status"] == "ok", content)
        shown = [o for o in outputs if o["msg_type"] == "display_data"]
        check("plot with a file shows the picture", len(shown) == 1, outputs)
        path = os.path.join(folder, "s.svg")
        check("plot with a file writes it", os.path.exists(path), os.listdir(folder))
        if os.path.exists(path) and shown:
            with open(path, encoding="utf-8") as written:
                body = written.read()
            check("the file holds the picture shown",
                  body.split("\n", 1)[1] == shown[0]["content"]["data"]["image/svg+xml"], "")
        content, outputs = run(client, "dot(*2 + *1)")
        texts = [o["content"]["data"]["text/plain"] for o in outputs
                 if o["msg_type"] == "execute_result"]
        check("dot shows its text", len(texts) == 1 and texts[0].startswith("digraph game {"),
              texts)
        drawn = [ET.fromstring(o["content"]["data"]["image/svg+xml"]) for o in outputs
                 if o["msg_type"] == "display_data"]
        if shutil.which("dot"):
            titles = [t.text for t in drawn[0].iter(f"{SVG}title")] if drawn else []
            # Graphviz names each node's group after it: n0, n1, ...
            check("dot's graph drawn by Graphviz", len(drawn) == 1 and "n0" in titles, titles)
        else:
            print("Graphviz's dot is not installed: dot(G) shows text only")
            check("dot without Graphviz shows text only", drawn == [], drawn)
        # The failing cell works a little first: the next is queued by then.
        failing = client.execute("let busy = sum([k for k in 0..300000])\ng(3)")
        queued = client.execute("1 + 1")
        replies = {}
        for _ in range(2):
            reply = client.get_shell_msg(timeout=10)
            replies[reply["parent_header"]["msg_id"]] = reply["content"]["status"]
        check("a cell queued after a failed one is aborted",
              replies == {failing: "error", queued: "aborted"}, replies)
        content, outputs = run(client, "1 + 1")
        check("the next cell runs", content["status"] == "ok", content)
        intruder = manager.client()
        intruder.session.key = b"not the key"
        intruder.start_channels()
        intruder.execute('plot(S, 0..=3, "intruder.svg")')
        try:
            intruder.get_shell_msg(timeout=2)
            answered = True
        except queue.Empty:
            answered = False
        intruder.stop_channels()
        check("a message signed with another key is not run", not answered
              and not os.path.exists(os.path.join(folder, "intruder.svg")), answered)
        client.complete("seq(S", 5)
        reply = client.get_shell_msg(timeout=10)["content"]
        check("completion offers the definition", "S" in reply["matches"]
              and reply["cursor_start"] == 4 and reply["cursor_end"] == 5, reply)
        client.complete("g(ou", 4)
        reply = client.get_shell_msg(timeout=10)["content"]
        check("completion offers built-ins", reply["matches"] == ["outcome"], reply)
        client.inspect("g(S(3))", 2)
        reply = client.get_shell_msg(timeout=10)["content"]
        text = reply["data"].get("text/plain", "")
        check("inspection shows the definition", reply["found"]
              and "game S(n) = < S(n - k) for k in [1, 4] if k <= n >" in text
              and "computed by" in text, reply)
        client.inspect("nothing_here", 3)
        reply = client.get_shell_msg(timeout=10)["content"]
        check("inspection of an unknown name finds nothing", reply["found"] is False, reply)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


class Protocol(jupyter_kernel_test.KernelTests):
    """jupyter_kernel_test's checks of the messaging protocol."""

    kernel_name = KERNEL
    language_name = "sprague"
    file_extension = ".sg"
    code_hello_world = 'print("hello, world")'
    code_execute_result = [
        {"code": "g(*3 + *5)", "result": "6"},
        {"code": "mex([0, 1, 3])", "result": "2"},
    ]
    code_display_data = [
        {"code": "game N(n) = < N(k) for k in 0..n >\nplot(N, 0..=9)", "mime": "image/svg+xml"},
    ]
    completion_samples = [
        {"text": "outc", "matches": {"outcome"}},
        {"text": "g(*1) + mi", "matches": {"min", "misere", "misere_nim", "misere_quotient", "misere_winning"}},
    ]
    complete_code_samples = ["g(*1)", "game A(n) = < A(n - 1) if n > 0 >"]
    incomplete_code_samples = ["game A(n) = <", "g(*3 +"]
    code_generate_error = "g(3)"
    code_inspect_sample = "outcome"


def protocol():
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(Protocol)
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    check(f"jupyter_kernel_test ({result.testsRun} tests)", result.wasSuccessful(),
          [str(f[0]) for f in result.failures + result.errors])
    skipped = " ".join(str(test) for test, _ in result.skipped)
    needed = ["test_kernel_info", "test_execute_stdout", "test_execute_result", "test_error",
              "test_display_data", "test_completion", "test_is_complete", "test_inspect"]
    check("jupyter_kernel_test ran the execute, complete and inspect checks",
          not any(name in skipped for name in needed), skipped)


def main():
    arguments = sys.argv[1:]
    write = "--write" in arguments
    paths = [a for a in arguments if a != "--write"]
    if len(paths) != 1:
        sys.exit(__doc__)
    tour(paths[0], write)
    interrupts()
    files_completion_inspection()
    protocol()
    print(f"{passed} passed, {len(failed)} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
