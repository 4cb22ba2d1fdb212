import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCheckInput } from "./create-check-input";
import { evaluateHaltConditions } from "./evaluate-halt-conditions";
import { analyzeShellCommand, parseShell } from "./shell-command";

function programs(commandLine: string): string[][] {
  return analyzeShellCommand(commandLine).commands.map((command) => [command.program, ...command.args]);
}

describe("parseShell", () => {
  it("removes quotes and escapes, and splits on operators", () => {
    expect(
      parseShell(`a  'b c' "d\\"e" f\\ g | h && i; j || k & l`).pipelines.map((pipeline) =>
        pipeline.map((command) => command.words),
      ),
    ).toEqual([[["a", "b c", 'd"e', "f g"], ["h"]], [["i"]], [["j"]], [["k"]], [["l"]]]);
  });

  it("collects redirections, dropping file-descriptor numbers", () => {
    const [[command]] = parseShell("cmd arg 2>&1 >> out.log < in.txt").pipelines as [
      [{ words: string[]; redirects: unknown[] }],
    ];
    expect(command.words).toEqual(["cmd", "arg"]);
    expect(command.redirects).toEqual([
      { operator: ">&", target: "1" },
      { operator: ">>", target: "out.log" },
      { operator: "<", target: "in.txt" },
    ]);
  });

  it("reads heredoc bodies and keeps them out of the command stream", () => {
    const parsed = parseShell("cat <<'EOF' > notes.txt\nrm -rf /\nEOF\necho done");
    expect(parsed.pipelines.map((pipeline) => pipeline.map((command) => command.words[0]))).toEqual([
      ["cat"],
      ["echo"],
    ]);
    expect(parsed.pipelines[0]?.[0]?.heredoc).toBe("rm -rf /");
  });

  it("collects command and process substitutions but not single-quoted text", () => {
    expect(parseShell("echo \"$(whoami)\" `date` <(ls) '$(not this)'").substitutions).toEqual([
      "whoami",
      "date",
      "ls",
    ]);
  });

  it("ignores comments", () => {
    expect(parseShell("ls # rm -rf /").pipelines).toEqual([[{ words: ["ls"], redirects: [] }]]);
  });

  it("takes unterminated quotes and substitutions to the end without throwing", () => {
    expect(parseShell("echo 'open").pipelines[0]?.[0]?.words).toEqual(["echo", "open"]);
    expect(parseShell('echo "$(rm -rf /').substitutions).toEqual(["rm -rf "]);
  });
});

describe("analyzeShellCommand", () => {
  it("strips wrappers and keeps them as commands", () => {
    expect(programs("sudo -u deploy env A=1 nohup timeout 5 nice -n 10 rm -rf build")).toEqual([
      [
        "sudo",
        "-u",
        "deploy",
        "env",
        "A=1",
        "nohup",
        "timeout",
        "5",
        "nice",
        "-n",
        "10",
        "rm",
        "-rf",
        "build",
      ],
      ["env", "A=1", "nohup", "timeout", "5", "nice", "-n", "10", "rm", "-rf", "build"],
      ["nohup", "timeout", "5", "nice", "-n", "10", "rm", "-rf", "build"],
      ["timeout", "5", "nice", "-n", "10", "rm", "-rf", "build"],
      ["nice", "-n", "10", "rm", "-rf", "build"],
      ["rm", "-rf", "build"],
    ]);
  });

  it.each([
    ["bash -c", "bash -c 'git status'", "git"],
    ["combined shell flags", "sh -ec 'git status'", "git"],
    ["su -c", "su -c 'git status' root", "git"],
    ["eval", "eval git status", "git"],
    ["ssh", "ssh -p 22 -i k host git status", "git"],
    ["find -exec", "find . -exec git status {} \\;", "git"],
    ["a heredoc into a shell", "bash <<EOF\ngit status\nEOF", "git"],
    ["echo piped into a shell", "echo 'git status' | sh", "git"],
    ["a command substitution", "echo $(git status)", "git"],
  ])("expands %s", (_label, commandLine, program) => {
    expect(analyzeShellCommand(commandLine).commands.map((command) => command.program)).toContain(program);
  });

  it("never throws on arbitrary text (property)", () => {
    const shellish = fc.array(
      fc.constantFrom(
        "rm",
        " ",
        "-rf",
        "/",
        "'",
        '"',
        "\\",
        "$(",
        ")",
        "`",
        "|",
        "&&",
        ";",
        "<<",
        "EOF",
        "\n",
        "#",
        "bash",
        "-c",
        "sudo",
        "<(",
        ">",
      ),
      {
        maxLength: 40,
      },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          shellish.map((parts) => parts.join("")),
        ),
        (text) => {
          const analysis = analyzeShellCommand(text);
          expect(Array.isArray(analysis.commands)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("treats a command that starts with an SQL keyword as SQL", () => {
    expect(analyzeShellCommand("TRUNCATE audit_log;")).toEqual({
      commands: [],
      pipelines: [],
      sqlStatements: ["TRUNCATE audit_log;"],
    });
  });

  it("stops expanding at the nesting limit", () => {
    let commandLine = "rm -rf /";
    for (let level = 0; level < 20; level++) commandLine = `bash -c ${JSON.stringify(commandLine)}`;
    expect(() => analyzeShellCommand(commandLine)).not.toThrow();
  });

  it.each([
    ["nested substitutions", "$(".repeat(8000)],
    ["quotes", "'\"".repeat(8000)],
    ["operators", "|&;<>(){}".repeat(1700)],
    ["backslashes", "\\".repeat(16_000)],
    ["heredoc openers", "cat <<EOF\n".repeat(1600)],
  ])("runs in linear time on adversarial %s", (_label, commandLine) => {
    const started = performance.now();
    analyzeShellCommand(commandLine);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe("evaluateHaltConditions on maximum-size input", () => {
  it("finishes quickly on 200 commands of 16000 characters", () => {
    const commands = Array.from({ length: 200 }, (_, index) =>
      `echo ${"password=abcd1234 ".repeat(800)} ${index}`.slice(0, 16_000),
    );
    const started = performance.now();
    const output = evaluateHaltConditions(createCheckInput({ commands, environment: "staging" }));
    // Linear work takes ~2 s here on a quiet machine; a quadratic blow-up would take minutes.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(output.halt_reasons.map((reason) => reason.condition_name)).toContain("secrets_exposure");
  }, 30_000);
});
