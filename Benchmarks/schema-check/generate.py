#!/usr/bin/env python3
"""Writes N WhitelabelPay `Transaction` payloads as NDJSON (default 100,000), ~10% of them invalid.

Deterministic (seeded). Invalid payloads break one rule each, in ways every validator under test
can see: a negative amount, a lower-case currency, a malformed UUID, a missing required key, an
amount sent as a string, or a createdAt that is not a date-time. Unknown enum values are not used:
schema-check only warns about them (generated clients keep them), while JSON Schema's `enum` rejects
them, so the invalid counts would not be comparable.
"""
import json
import random
import sys
import uuid

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
out = sys.argv[2] if len(sys.argv) > 2 else "transactions.ndjson"
rng = random.Random(20240531)
merchants = ["Example Markt Berlin-Mitte", "Bäckerei Schmidt", "Drogerie am Markt 12", "Tankstelle Nord",
             "Buchhandlung Lesezeichen", "Café Central", "Getränke Hoffmann", "Elektro Krause"]
statuses = ["PENDING", "SUCCEEDED", "SUCCEEDED", "SUCCEEDED", "FAILED", "CANCELLED"]
currencies = ["EUR", "EUR", "EUR", "CHF", "PLN", "GBP"]
breakers = ["amount", "currency", "id", "missing", "amount-string", "createdAt"]


def transaction(i):
    status = rng.choice(statuses)
    tx = {
        "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        "paymentMeansId": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        "type": "REFUND" if rng.random() < 0.08 else "PAYMENT",
        "status": status,
        "amount": round(rng.uniform(0.5, 480), 2),
        "currency": rng.choice(currencies),
        "createdAt": "2024-%02d-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                                        rng.randint(0, 59), rng.randint(0, 59)),
    }
    if rng.random() < 0.85:
        tx["merchant"] = {"name": rng.choice(merchants), "storeId": "store-%04d" % rng.randint(1, 9999)}
    elif rng.random() < 0.5:
        tx["merchant"] = None
    if status == "FAILED":
        tx["failureReason"] = "Payment declined by the issuer."
    if i % 10 == 7:  # ~10% invalid, one broken rule each
        broken = breakers[(i // 10) % len(breakers)]
        if broken == "amount":
            tx["amount"] = -tx["amount"]
        elif broken == "currency":
            tx["currency"] = tx["currency"].lower()
        elif broken == "id":
            tx["id"] = tx["id"][:-3]
        elif broken == "missing":
            del tx["paymentMeansId"]
        elif broken == "amount-string":
            tx["amount"] = str(tx["amount"])
        else:
            tx["createdAt"] = "31.05.2024 10:00"
    return tx


with open(out, "w", encoding="utf-8") as f:
    for i in range(count):
        f.write(json.dumps(tx := transaction(i), ensure_ascii=False, separators=(",", ":")) + "\n")
