"""Drives the cg kernel through Jupyter's own client libraries, for tests/notebook.rs.

usage: python3 drive.py OUT_DIR NOTEBOOK...

Runs each notebook with nbclient against the kernel named "cg" (found on JUPYTER_PATH) and
writes it, executed, to OUT_DIR; then talks to a kernel with jupyter_client (interrupt,
completion, inspection, is_complete, kernel_info, shutdown) and writes what it saw to
OUT_DIR/protocol.json. It checks nothing itself: the Rust test reads both and asserts.
"""

import json
import os
import sys
import time

import nbformat
import zmq
from nbclient import NotebookClient
from jupyter_client.manager import KernelManager


def run_notebook(path, out_dir):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, kernel_name="cg", timeout=600,
                            resources={"metadata": {"path": os.path.dirname(path)}})
    client.execute()
    out = os.path.join(out_dir, os.path.basename(path))
    nbformat.write(notebook, out)


def reply_of(client, msg_id, timeout=60):
    while True:
        reply = client.get_shell_msg(timeout=timeout)
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply["content"]


def outputs_of(client, msg_id, timeout=60):
    """The IOPub messages for one request, up to its idle status."""
    seen = []
    while True:
        msg = client.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return seen
        seen.append({"type": msg["msg_type"], "content": msg["content"]})


def heartbeat(km, ping):
    """What the heartbeat channel answers to `ping` (None if nothing within 10 s)."""
    info = km.get_connection_info()
    socket = zmq.Context.instance().socket(zmq.REQ)
    socket.setsockopt(zmq.LINGER, 0)
    socket.connect("%s://%s:%d" % (info["transport"], info["ip"], info["hb_port"]))
    socket.send(ping)
    answer = socket.recv().decode() if socket.poll(10000) else None
    socket.close()
    return answer


def protocol(out_dir):
    km = KernelManager(kernel_name="cg")
    km.start_kernel()
    try:
        talk(km, out_dir)
    finally:
        if km.is_alive():
            km.shutdown_kernel(now=True)


def talk(km, out_dir):
    client = km.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    report = {}

    info = client.kernel_info(reply=True, timeout=30)["content"]
    report["kernel_info"] = info

    # A computation that runs until it is interrupted; the definitions made before it stay.
    msg_id = client.execute("let n = 0\nwhile true do n = n + 1")
    time.sleep(1.5)
    report["heartbeat_while_busy"] = heartbeat(km, b"are you there")
    started = time.time()
    km.interrupt_kernel()
    report["interrupt_reply"] = reply_of(client, msg_id, timeout=60)
    report["interrupt_seconds"] = time.time() - started
    report["interrupt_outputs"] = outputs_of(client, msg_id)
    msg_id = client.execute("n > 0")
    report["after_interrupt_reply"] = reply_of(client, msg_id)
    report["after_interrupt_outputs"] = outputs_of(client, msg_id)

    report["complete"] = client.complete("1 + temper", 10, reply=True)["content"]
    report["inspect"] = client.inspect("temperature({1|0})", 3, reply=True)["content"]
    report["is_complete"] = {
        code: reply_of(client, client.is_complete(code))["status"]
        for code in ["{1|", "1 + 1", "1 + )"]
    }

    km.shutdown_kernel(now=False)
    report["alive_after_shutdown"] = km.is_alive()
    client.stop_channels()
    with open(os.path.join(out_dir, "protocol.json"), "w") as f:
        json.dump(report, f, indent=1)


def main():
    out_dir = sys.argv[1]
    for path in sys.argv[2:]:
        run_notebook(path, out_dir)
    protocol(out_dir)


if __name__ == "__main__":
    main()
