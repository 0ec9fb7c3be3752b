#!/usr/bin/env python3
"""Type-checks the Swift code of the DocC articles against the built modules, so the articles keep
using real API names: Scripts/check-doc-snippets.py <modules dir> <target triple>. Called by
Scripts/build-docs.sh after `swift build`. Each catalog's ```swift blocks become one function, after
the declarations below, which stand for what an app supplies (its secrets, hosts and hooks). An API's
getting-started article is one story, so its blocks share one scope; ClientRuntime's blocks are
independent examples, each in its own scope."""
import glob, os, re, subprocess, sys, tempfile

APP_VALUES = {
    "ClientRuntime": """import WhitelabelPay
import KDPay
let jwt = "", host = "", access = "", refresh = "", expiry = Date()
let tenantId = UUID(), id = UUID()
let tokens = InMemoryTokenStore()
let client = WhitelabelPayClient(environment: .integration(host: host))
let environment = KDPayClient.Environment.production(host: host)
struct Renewed: Sendable { var access: String; var refresh: String?; var expiry: Date? }
@Sendable func renew(_ old: TokenSet) async throws -> TokenSet { old }
@Sendable func renewTokens(refreshToken: String?) async throws -> Renewed { Renewed(access: "", refresh: nil, expiry: nil) }
""",
    "WhitelabelPay": """let jwt = ""
@Sendable func renewJWT(_ old: TokenSet) async throws -> TokenSet { old }
""",
    "Finaptic": 'let sdkKey = "", password = ""\n',
    "KDPay": 'let smsCode = "", fcmToken = ""\n',
    "Jumio": 'let clientId = "", clientSecret = ""\n',
    "BSA": 'let clientKey = "", deviceId = "", accessToken = ""\n@Sendable func authenticateAgain() async throws -> String { "" }\n',
}

# URLRequest and URLSession live in FoundationNetworking outside Apple platforms (the channel article builds a request).
NETWORKING = "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"

def main():
    modules_dir, triple = sys.argv[1], sys.argv[2]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for module, values in APP_VALUES.items():
            blocks = []
            for article in sorted(glob.glob(os.path.join(root, "Sources", module, module + ".docc", "*.md"))):
                for index, code in enumerate(re.findall(r"```swift\n(.*?)```", open(article).read(), re.S)):
                    code = re.sub(r"^import \w+\n", "", code, flags=re.M)
                    label = f"// {os.path.basename(article)}, block {index + 1}\n"
                    blocks.append(f"do {{ {label}{code}}}\n" if module == "ClientRuntime" else label + code)
            source = os.path.join(folder, f"{module}Snippets.swift")
            with open(source, "w") as file:
                file.write(f"import Foundation\n{NETWORKING}import {module}\n{values}\nfunc snippets() async throws {{\n{''.join(blocks)}}}\n")
            result = subprocess.run(["swiftc", "-typecheck", "-I", modules_dir, "-target", triple,
                                     "-module-name", f"{module}Snippets", source], capture_output=True, text=True)
            errors = [line for line in result.stderr.splitlines() if ": error:" in line]
            if result.returncode != 0:
                failed = True
                print(f"docs: {module}: the articles' Swift does not compile against the module:", file=sys.stderr, flush=True)
                print("\n".join(errors) or result.stderr, file=sys.stderr)
            else:
                print(f"docs: {module}: {len(blocks)} Swift blocks of the articles type-check", flush=True)
    sys.exit(1 if failed else 0)

main()
