#!/usr/bin/env python3
"""A gazetteer renamed over the one `locator serve` serves, under 64 concurrent clients.

Makes two copies of the default gazetteer that differ in every POI's Place_addr, serves the
first with BINARY, and after 2,000 of 10,000 category requests renames the second over it
(then sends SIGHUP). Counts answers from the old file, from the new one, answers mixing both,
and old answers a client got after it had seen the new file.

    python3 Benchmarks/serve-swap.py BINARY [--no-hup]
"""
import glob, http.client, json, os, shutil, signal, sqlite3, subprocess, sys, tempfile, threading, time

binary = sys.argv[1]
source = sorted(glob.glob(os.path.expanduser(os.environ.get("XDG_CACHE_HOME", "~/.cache")) + "/openlocator/default-v20-*.gazetteer"))[-1]
folder = tempfile.mkdtemp()
served, new = folder + "/served.gazetteer", folder + "/.new.gazetteer"
shutil.copy(source, served)
shutil.copy(source, new)
db = sqlite3.connect(new)
db.execute("UPDATE places SET place_addr = 'from the new file' WHERE source LIKE 'osm:%'")
db.commit()
db.close()
port = 18320
server = subprocess.Popen([binary, "serve", "--port", str(port), "--gazetteer", served], stderr=subprocess.DEVNULL)
time.sleep(2)
target = ("/arcgis/rest/services/World/GeocodeServer/findAddressCandidates?category=Coffee%20Shop"
          "&location=24.9384,60.1699&maxLocations=10&outFields=Place_addr&f=json")
lock = threading.Lock()
counts = {"old": 0, "new": 0, "mixed": 0, "old after new": 0, "failed": 0}
done = [0]


def client():
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    saw_new = False
    for _ in range(10000 // 64):
        try:
            connection.request("GET", target)
            candidates = json.loads(connection.getresponse().read())["candidates"]
            kinds = {c["attributes"]["Place_addr"] == "from the new file" for c in candidates}
        except Exception:
            kinds = None
        with lock:
            done[0] += 1
            if not kinds:
                counts["failed"] += 1
            elif len(kinds) > 1:
                counts["mixed"] += 1
            elif True in kinds:
                saw_new = True
                counts["new"] += 1
            else:
                counts["old after new" if saw_new else "old"] += 1


threads = [threading.Thread(target=client) for _ in range(64)]
for t in threads:
    t.start()
while done[0] < 2000:
    time.sleep(0.01)
os.rename(new, served)
if "--no-hup" not in sys.argv:  # (a binary without a SIGHUP handler would die of it)
    server.send_signal(signal.SIGHUP)
for t in threads:
    t.join()
server.terminate()
server.wait()
shutil.rmtree(folder)
print(", ".join(f"{k} {v}" for k, v in counts.items()))
