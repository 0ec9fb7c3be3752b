#!/usr/bin/env python3
"""Hand edits of a mitmproxy HAR of the WhitelabelPay calls (record.sh): each edited entry breaks one
rule, so a test can check that `schema-check traffic` reports every one of them.

    edit.py whitelabelpay-valid.har whitelabelpay-edited.har

Entries (1-based) of the output, in order:
  1 response /0/active is a string                      7 response text not captured (size kept)
  2 base64 response body with a bad id and no fields     8 response is HTML, not JSON
  3 header X-Tenant-Id is not a uuid                     9 no Authorization header
  4 status 202 where the schema says 200                10 another host: skipped
  5 path parameter is not a uuid                        11 a path no operation has
  6 query page=0 (minimum 1)                            12 409 with a code the catalogue lacks (warning)
 13 404 whose code is a number                          14 an entry without a request method
"""
import base64
import copy
import json
import sys


def header(entry, name, value=None, remove=False):
    headers = entry["request"]["headers"]
    kept = [h for h in headers if h["name"].lower() != name.lower()]
    if not remove:
        kept.append({"name": name, "value": value})
    entry["request"]["headers"] = kept


def set_body(entry, text, mime="application/json"):
    content = entry["response"]["content"]
    content.pop("encoding", None)
    content["text"] = text
    content["size"] = len(text.encode())
    content["mimeType"] = mime


def main(source, target):
    har = json.load(open(source))
    entries = har["log"]["entries"]
    assert len(entries) >= 9, "record.sh records 9 valid exchanges"
    e = [copy.deepcopy(x) for x in entries[:9]]

    body = json.loads(e[0]["response"]["content"]["text"])
    body[0]["active"] = "yes"
    set_body(e[0], json.dumps(body))

    broken = json.dumps([{"id": "not-a-uuid"}]).encode()
    e[1]["response"]["content"].update(text=base64.b64encode(broken).decode(), encoding="base64", size=len(broken))

    header(e[2], "X-Tenant-Id", "tenant-1")
    e[3]["response"]["status"] = 202
    e[4]["request"]["url"] = e[4]["request"]["url"].replace("/payment-means/6bac7eea-c120-428d-beb6-910c6f290434/", "/payment-means/abc/")
    e[5]["request"]["url"] = e[5]["request"]["url"].replace("page=1", "page=0")
    e[6]["response"]["content"].pop("text", None)
    e[6]["response"]["content"].pop("encoding", None)
    e[6]["response"]["content"]["size"] = 512
    set_body(e[7], "<html><body>Bad gateway</body></html>", mime="text/html")
    header(e[8], "Authorization", remove=True)

    other = copy.deepcopy(entries[0])
    other["request"]["url"] = "http://analytics.example.com/collect?id=1"
    unknown = copy.deepcopy(entries[0])
    unknown["request"]["url"] = unknown["request"]["url"].replace("/payment-means", "/payment-means/all/extra")
    unknown_code = copy.deepcopy(entries[0])
    unknown_code["response"]["status"] = 409
    set_body(unknown_code, json.dumps({"code": "NO_SUCH_CODE", "message": "conflict"}))
    numeric_code = copy.deepcopy(unknown_code)
    numeric_code["response"]["status"] = 404
    set_body(numeric_code, json.dumps({"code": 5}))
    no_method = copy.deepcopy(entries[0])
    del no_method["request"]["method"]

    har["log"]["entries"] = e + [other, unknown, unknown_code, numeric_code, no_method]
    har["log"]["comment"] = "Hand-edited from a mitmproxy capture by Tests/Fixtures/Traffic/edit.py"
    json.dump(har, open(target, "w"), indent=1)


if __name__ == "__main__":
    main(*sys.argv[1:3])
