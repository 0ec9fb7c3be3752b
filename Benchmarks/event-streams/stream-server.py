"""A small HTTP/1.1 server on 127.0.0.1 for large-stream.sh: streams numbered events of about 1 KiB.

GET /events?count=N&format=sse|jsonl&pace=MICROSECONDS answers N events as Server-Sent Events (resuming
after Last-Event-ID, 204 once none is left) or JSON Lines, made as they are sent (the server's memory
stays small), without Content-Length (the end of the connection ends the body), in chunks of 64 events
(about 64 KiB) with `pace` microseconds between them (0: as fast as the socket takes them). Prints its port, then serves
until killed. Each connection on its own thread; a client that closes its connection just ends it.
"""
import socket
import sys
import threading
import time
from urllib.parse import parse_qs, urlsplit

PAD = "x" * 960
EVENTS_PER_CHUNK = 64


def sse(number):
    return 'id: %d\ndata: {"n":%d,"pad":"%s"}\n\n' % (number, number, PAD)


def jsonl(number):
    return '{"n":%d,"pad":"%s"}\n' % (number, PAD)


def read_head(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        part = connection.recv(65536)
        if not part:
            return None
        data += part
        if len(data) > 65536:
            return None
    lines = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    method, target, _ = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return method, target, headers


def serve(connection):
    try:
        head = read_head(connection)
        if head is None:
            return
        _, target, headers = head
        query = parse_qs(urlsplit(target).query)
        count = int(query.get("count", ["0"])[0])
        form = query.get("format", ["sse"])[0]
        pause = int(query.get("pace", ["0"])[0]) / 1e6
        first = 1
        if form == "sse" and "last-event-id" in headers:
            first = int(headers["last-event-id"]) + 1
        if first > count:
            connection.sendall(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        media = "text/event-stream" if form == "sse" else "application/jsonl"
        connection.sendall(("HTTP/1.1 200 OK\r\nContent-Type: %s\r\nConnection: close\r\n\r\n" % media).encode())
        make = sse if form == "sse" else jsonl
        number = first
        if form == "sse":
            # Reconnections (after the connection is ended to hold the stream back, or at the end) wait 1 ms.
            connection.sendall(b"retry: 1\n")
        while number <= count:
            last = min(count, number + EVENTS_PER_CHUNK - 1)
            connection.sendall("".join(make(n) for n in range(number, last + 1)).encode())
            number = last + 1
            if pause:
                time.sleep(pause)
    except OSError:
        pass  # the client ended the connection
    finally:
        connection.close()


def main():
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


if __name__ == "__main__":
    sys.exit(main())
