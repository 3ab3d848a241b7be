# SPDX-License-Identifier: Apache-2.0
"""Threads (R12): a Python thread that exits with transactions open hands nothing to the next
thread, its changes publish, and many threads lose no update."""
import threading
import time

import lamina


def run(fn):
    t = threading.Thread(target=fn)
    t.start()
    t.join()


def settle(engine, check, t):
    """Ticks until ``check()`` holds. Thread.join() returns once Python is done with the
    thread, a moment before the OS thread runs its exit handlers (where Lamina commits what
    the thread left open), so this waits a bounded number of rounds for them."""
    for i in range(2000):
        engine.tick(t + i * 1e-3)
        if check():
            return True
        time.sleep(0.001)
    return False


def test_thread_exit_commits_and_hands_nothing_on(engine):
    layer = engine.layer()
    engine.tick(0)

    def leave_open():
        engine.begin()
        engine.current_transaction.disable_actions = True
        layer.opacity = 0.25

    run(leave_open)
    result = {}

    def commit_without_begin():
        try:
            engine.commit()
            result["status"] = "ok"
        except lamina.MisuseError:
            result["status"] = "misuse"
        with engine.transaction(disable_actions=True):
            layer.z_position = 3.0

    run(commit_without_begin)
    assert result["status"] == "misuse"
    assert settle(engine, lambda: layer.presentation().opacity == 0.25, 1.0)
    assert layer.presentation().z_position == 3.0


def test_many_threads_lose_no_update(engine):
    layers = [engine.layer() for _ in range(8)]
    engine.tick(0)
    done = threading.Event()

    def mutate(i):
        for n in range(200):
            with engine.transaction(disable_actions=True):
                layers[i].z_position = float(n)
            if n % 50 == 0:
                engine.begin()  # left open: committed when the thread exits
                layers[i].opacity = 0.5

    def tick():
        t = 0.0
        while not done.is_set():
            t += 0.01
            engine.tick(t)

    ticker = threading.Thread(target=tick)
    ticker.start()
    workers = [threading.Thread(target=mutate, args=(i,)) for i in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    done.set()
    ticker.join()
    assert settle(engine, lambda: all(l.presentation().z_position == 199.0 for l in layers), 1e6)
