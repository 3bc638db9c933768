#!/usr/bin/env python3
"""A complete unossh bot: it plays the first legal move it is offered.

    python3 firstlegal.py ssh -T -i ~/.ssh/mybot -p 2222 uno.example.org bot

runs the command and speaks to it; with no command it speaks on its own
stdin and stdout. docs/bot-api.md is the protocol."""
import json, subprocess, sys

def main():
    if len(sys.argv) > 1:
        p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        inp, out = p.stdout, p.stdin
    else:
        inp, out = sys.stdin, sys.stdout
    def send(**msg):
        out.write(json.dumps(msg) + "\n")
        out.flush()
    for line in inp:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "register":
            send(type="register", name="firstlegal")
        elif kind == "hello":
            send(type="seek", edition="classic-2001", mode="single-hand", players=2, opponents="normal")
        elif kind == "turn":
            send(type="move", id=msg["legal"][0]["id"])
        elif kind == "game_over":
            won = msg["you"] in msg["winners"]
            print("won" if won else "lost", file=sys.stderr)
            return 0
        elif kind == "error" and msg.get("closing"):
            print(msg["message"], file=sys.stderr)
            return 1
    return 1

if __name__ == "__main__":
    sys.exit(main())
