#!/usr/bin/env python3
"""A complete unossh bot: it plays one game, the first legal move it is offered each turn,
against the built-in normal bot, or with --ladder a rated game on the ladder.

    python3 firstlegal.py [--ladder] ssh -T -i ~/.ssh/mybot -p 2222 uno.example.org bot

runs the command and speaks to it (no command: its own stdin and stdout). docs/bot-api.md"""
import json, subprocess, sys

def main():
    ladder = sys.argv[1:2] == ["--ladder"]
    if sys.argv[1 + ladder:]:
        p = subprocess.Popen(sys.argv[1 + ladder:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
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
            send(type="seek", edition="classic-2001", mode="single-hand", players=2,
                 opponents="ladder" if ladder else "normal")
        elif kind == "turn":
            send(type="move", id=msg["legal"][0]["id"])
        elif kind == "game_over":
            print("won" if msg["you"] in msg["winners"] else "lost", file=sys.stderr)
            return 0
        elif kind == "error" and msg.get("closing"):
            print(msg["message"], file=sys.stderr)
            return 1
    return 1

if __name__ == "__main__":
    sys.exit(main())
