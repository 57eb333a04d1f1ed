"""Summarises a failed `swift test` log (swift-testing's console output) for scripts/swift-test.sh.

Usage: swift-test-digest.py LOG EXIT_CODE LIMIT_SECONDS

Prints the issues recorded (each "✘ … recorded an issue" line) and, when `timeout` ended the run
(exit 124), the tests that started and never finished: the ones a stall is waiting on.
"""

import re
import sys

# A test's own lines; "◇ Test case passing …" lines (one per argument) have no end line of
# their own, and "◇ Test run started." is the run.
STARTED = re.compile(r"^◇ Test (?!case passing |run started)(.+) started\.$")
FINISHED = re.compile(r"^(?:[✔✘] Test (.+?)(?: with \d+ test cases?)? (?:passed|failed) after [\d.]+ seconds|➜ Test (.+) skipped)")
ISSUE = re.compile(r"^✘ Test .* recorded an issue")
MAX_LINE = 400
MAX_ISSUES = 60


def main() -> int:
    sys.stdout.reconfigure(errors="replace")
    path, code, limit = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path, encoding="utf-8", errors="replace") as log:
        lines = [line.rstrip("\n") for line in log]
    started: dict[str, None] = {}
    finished: set[str] = set()
    issues: list[str] = []
    for line in lines:
        if match := STARTED.match(line):
            started.setdefault(match.group(1))
        elif match := FINISHED.match(line):
            finished.add(match.group(1) or match.group(2))
        if ISSUE.match(line):
            issues.append(line if len(line) <= MAX_LINE else line[:MAX_LINE] + " …")
    print("\n==> swift test digest")
    if code == 124:
        print(f"swift test ran over its limit of {limit} s and was stopped.")
        unfinished = [name for name in started if name not in finished]
        print(f"Tests started and never finished ({len(unfinished)}):")
        for name in unfinished:
            print(f"  {name}")
    else:
        print(f"swift test exited with {code}.")
    print(f"Issues recorded ({len(issues)}):")
    for line in issues[:MAX_ISSUES]:
        print(f"  {line}")
    if len(issues) > MAX_ISSUES:
        print(f"  … and {len(issues) - MAX_ISSUES} more")
    return 0


if __name__ == "__main__":
    sys.exit(main())
