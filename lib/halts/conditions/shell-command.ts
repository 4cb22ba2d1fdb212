/**
 * A small POSIX-shell tokenizer and command expander for the security conditions. It is not a shell: it
 * splits a command line into pipelines of simple commands the way a shell would (quotes, escapes,
 * operators, redirections, heredocs, command and process substitution), so that rules look at the
 * program actually run and its real arguments. Extra spaces and quotes (`r"m"  -rf  '/'`) therefore do
 * not hide a command, and a command only mentioned as data (`echo "rm -rf /"`) is not one. Text that
 * does run (`bash -c "..."`, `eval`, `$(...)`, `ssh host cmd`, `find -exec`, a heredoc fed to a shell)
 * is expanded recursively up to `MAX_SHELL_DEPTH` levels. Linear in the input per nesting level.
 */

/** A redirection such as `> file` or `2>> log`. */
export type ShellRedirect = { operator: string; target: string };

/** A simple command as written: its words (quotes removed), redirections and heredoc body. */
export type ShellSimpleCommand = { words: string[]; redirects: ShellRedirect[]; heredoc?: string };

/** Result of tokenizing one command line. */
export type ParsedShell = {
  /** Commands joined by `|`; pipelines are separated by `;`, `&&`, `||`, `&` and newlines. */
  pipelines: ShellSimpleCommand[][];
  /** Bodies of `$(...)`, backticks, `<(...)` and `>(...)` found outside single quotes: they execute. */
  substitutions: string[];
};

/** A command that would run, after stripping wrappers (`sudo`, `env`, `nohup`, `xargs`, ...). */
export type ExecutedCommand = {
  /** Program name: the basename for absolute paths (`/bin/rm` -> `rm`), as written otherwise (`./x.sh`). */
  program: string;
  args: string[];
  redirects: ShellRedirect[];
  heredoc?: string;
};

/** Everything that would run for a command line, nested text included. */
export type ShellAnalysis = {
  /** All executed commands, wrappers included (`sudo rm x` gives `sudo` and `rm`). */
  commands: ExecutedCommand[];
  /** Pipelines of executed commands (wrappers excluded), for rules such as `curl | sh`. */
  pipelines: ExecutedCommand[][];
  /** SQL text that a database client would run, or a command that is itself SQL. */
  sqlStatements: string[];
};

/** Maximum nesting of `bash -c`, `eval`, substitutions and similar that is expanded. */
export const MAX_SHELL_DEPTH = 8;

function isBlank(character: string | undefined): boolean {
  return character === " " || character === "\t" || character === "\r";
}

/** Index just after the `)` matching the `(` at `openIndex`, skipping quoted text; text length if none. */
function findClosingParenthesis(text: string, openIndex: number): number {
  let depth = 0;
  let index = openIndex;
  while (index < text.length) {
    const character = text[index];
    if (character === "\\") {
      index += 2;
      continue;
    }
    if (character === "'") {
      const close = text.indexOf("'", index + 1);
      index = close === -1 ? text.length : close + 1;
      continue;
    }
    if (character === '"') {
      index++;
      while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
      index++;
      continue;
    }
    if (character === "(") depth++;
    if (character === ")") {
      depth--;
      if (depth === 0) return index + 1;
    }
    index++;
  }
  return text.length;
}

/** Index of the closing backtick after `openIndex`, or text length. */
function findClosingBacktick(text: string, openIndex: number): number {
  let index = openIndex + 1;
  while (index < text.length && text[index] !== "`") index += text[index] === "\\" ? 2 : 1;
  return Math.min(index, text.length);
}

/**
 * Tokenizes a command line. Never throws; an unterminated quote or substitution runs to the end of the
 * text (the way a shell would wait for more input, we take what is there).
 */
export function parseShell(text: string): ParsedShell {
  const pipelines: ShellSimpleCommand[][] = [];
  const substitutions: string[] = [];
  let pipeline: ShellSimpleCommand[] = [];
  let command: ShellSimpleCommand = { words: [], redirects: [] };
  // Held in an object: closures below assign them, which control-flow narrowing does not see.
  const pending: { word: string | null; redirect: string | null } = { word: null, redirect: null };
  let pendingHeredocs: { command: ShellSimpleCommand; delimiter: string; stripTabs: boolean }[] = [];

  const endWord = () => {
    if (pending.word === null) return;
    if (pending.redirect !== null) {
      command.redirects.push({ operator: pending.redirect, target: pending.word });
      if (pending.redirect === "<<" || pending.redirect === "<<-") {
        pendingHeredocs.push({ command, delimiter: pending.word, stripTabs: pending.redirect === "<<-" });
      }
      pending.redirect = null;
    } else {
      command.words.push(pending.word);
    }
    pending.word = null;
  };
  const endCommand = () => {
    endWord();
    if (command.words.length > 0 || command.redirects.length > 0) pipeline.push(command);
    command = { words: [], redirects: [] };
  };
  const endPipeline = () => {
    endCommand();
    if (pipeline.length > 0) pipelines.push(pipeline);
    pipeline = [];
  };
  const append = (value: string) => {
    pending.word = (pending.word ?? "") + value;
  };
  const readHeredocs = (start: number): number => {
    let position = start;
    for (const heredoc of pendingHeredocs) {
      const lines: string[] = [];
      while (position < text.length) {
        const newline = text.indexOf("\n", position);
        const lineEnd = newline === -1 ? text.length : newline;
        const line = text.slice(position, lineEnd);
        position = lineEnd + 1;
        const compared = heredoc.stripTabs ? line.replace(/^\t+/, "") : line;
        if (compared.trimEnd() === heredoc.delimiter) break;
        lines.push(line);
      }
      heredoc.command.heredoc = lines.join("\n");
    }
    pendingHeredocs = [];
    return position;
  };

  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    const next = text[index + 1];
    if (isBlank(character)) {
      endWord();
      index++;
    } else if (character === "\n") {
      endPipeline();
      index = pendingHeredocs.length > 0 ? readHeredocs(index + 1) : index + 1;
    } else if (character === "\\") {
      if (next !== "\n" && next !== undefined) append(next);
      index += 2;
    } else if (character === "'") {
      const close = text.indexOf("'", index + 1);
      const end = close === -1 ? text.length : close;
      append(text.slice(index + 1, end));
      index = end + 1;
    } else if (character === '"') {
      let position = index + 1;
      let content = "";
      while (position < text.length && text[position] !== '"') {
        const inner = text[position] as string;
        if (inner === "\\" && /[$`"\\\n]/.test(text[position + 1] ?? "")) {
          if (text[position + 1] !== "\n") content += text[position + 1];
          position += 2;
        } else if (inner === "$" && text[position + 1] === "(") {
          const close = findClosingParenthesis(text, position + 1);
          substitutions.push(text.slice(position + 2, Math.max(position + 2, close - 1)));
          content += text.slice(position, close);
          position = close;
        } else if (inner === "`") {
          const close = findClosingBacktick(text, position);
          substitutions.push(text.slice(position + 1, close));
          content += text.slice(position, close + 1);
          position = close + 1;
        } else {
          content += inner;
          position++;
        }
      }
      append(content);
      index = position + 1;
    } else if (character === "#" && pending.word === null) {
      const newline = text.indexOf("\n", index);
      index = newline === -1 ? text.length : newline;
    } else if ((character === "$" || character === "<" || character === ">") && next === "(") {
      const close = findClosingParenthesis(text, index + 1);
      substitutions.push(text.slice(index + 2, Math.max(index + 2, close - 1)));
      append(text.slice(index, close));
      index = close;
    } else if (character === "`") {
      const close = findClosingBacktick(text, index);
      substitutions.push(text.slice(index + 1, close));
      append(text.slice(index, close + 1));
      index = close + 1;
    } else if (character === "|") {
      if (next === "|") {
        endPipeline();
        index += 2;
      } else {
        endCommand();
        index += next === "&" ? 2 : 1;
      }
    } else if (character === "&") {
      if (next === ">") {
        endWord();
        pending.redirect = text[index + 2] === ">" ? "&>>" : "&>";
        index += pending.redirect.length;
      } else {
        endPipeline();
        index += next === "&" ? 2 : 1;
      }
    } else if (character === ";" || character === "(" || character === ")") {
      endPipeline();
      index++;
    } else if (character === ">" || character === "<") {
      if (pending.word !== null && /^\d+$/.test(pending.word)) pending.word = null;
      else endWord();
      const operatorMatch = /^(?:<<<|<<-|<<|<>|<&|<|>>|>\||>&|>)/.exec(text.slice(index, index + 3));
      const operator = operatorMatch?.[0] ?? character;
      pending.redirect = operator;
      index += operator.length;
    } else {
      append(character);
      index++;
    }
  }
  endPipeline();
  return { pipelines, substitutions };
}

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "ash", "mksh", "csh", "tcsh"]);
const SQL_CLIENTS = new Set([
  "psql",
  "mysql",
  "mariadb",
  "sqlite3",
  "sqlcmd",
  "clickhouse-client",
  "cockroach",
  "duckdb",
]);
const SQL_KEYWORDS = new Set([
  "DROP",
  "TRUNCATE",
  "DELETE",
  "ALTER",
  "GRANT",
  "REVOKE",
  "CREATE",
  "INSERT",
  "UPDATE",
  "SELECT",
]);

/** Options of wrapper programs that take a separate value. */
const WRAPPER_OPTIONS_WITH_VALUE: Record<string, Set<string>> = {
  sudo: new Set(["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R"]),
  doas: new Set(["-u", "-C"]),
  env: new Set(["-u", "-C", "-S", "--unset", "--chdir"]),
  nice: new Set(["-n", "--adjustment"]),
  ionice: new Set(["-c", "-n", "-p"]),
  timeout: new Set(["-s", "-k", "--signal", "--kill-after"]),
  xargs: new Set([
    "-I",
    "-n",
    "-P",
    "-d",
    "-L",
    "-s",
    "-a",
    "-E",
    "--max-args",
    "--max-procs",
    "--delimiter",
  ]),
  stdbuf: new Set(["-i", "-o", "-e"]),
  nohup: new Set(),
  time: new Set(["-f", "-o"]),
  command: new Set(),
  builtin: new Set(),
  exec: new Set(["-a"]),
  watch: new Set(["-n", "-d"]),
};

const SSH_OPTIONS_WITH_VALUE = new Set([
  "-i",
  "-p",
  "-l",
  "-o",
  "-F",
  "-J",
  "-L",
  "-R",
  "-D",
  "-b",
  "-c",
  "-e",
  "-m",
  "-S",
  "-W",
  "-w",
  "-E",
  "-B",
  "-Q",
]);

/** Program name for rules: basename of an absolute path, the word itself otherwise. */
export function programName(word: string): string {
  return word.startsWith("/") ? (word.split("/").pop() ?? word) : word;
}

function isAssignment(word: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);
}

/** Splits wrapper layers off a command's words: `sudo -u x env A=1 nohup rm -rf y` -> sudo, env, nohup, rm. */
function unwrap(simple: ShellSimpleCommand): {
  layers: ExecutedCommand[];
  innermost: ExecutedCommand | null;
} {
  const layers: ExecutedCommand[] = [];
  const words = simple.words.filter((word) => word !== "{" && word !== "}" && word !== "!");
  let index = 0;
  while (index < words.length) {
    while (index < words.length && isAssignment(words[index] as string)) index++;
    if (index >= words.length) break;
    const program = programName(words[index] as string);
    const valueOptions = WRAPPER_OPTIONS_WITH_VALUE[program];
    if (valueOptions === undefined) break;
    layers.push({ program, args: words.slice(index + 1), redirects: [] });
    index++;
    while (index < words.length) {
      const word = words[index] as string;
      if (word === "--") {
        index++;
        break;
      }
      if (program === "env" && isAssignment(word)) {
        index++;
        continue;
      }
      if (!word.startsWith("-") || word === "-") break;
      index += valueOptions.has(word) ? 2 : 1;
    }
    // timeout DURATION COMMAND, nice/ionice already consumed their values.
    if (program === "timeout" && index < words.length) index++;
  }
  if (index >= words.length) return { layers, innermost: null };
  const innermost: ExecutedCommand = {
    program: programName(words[index] as string),
    args: words.slice(index + 1),
    redirects: simple.redirects,
  };
  if (simple.heredoc !== undefined) innermost.heredoc = simple.heredoc;
  return { layers, innermost };
}

/** The script given to a shell with `-c` (also combined flags such as `-lc`, `-ec`), if any. */
function shellCommandArgument(args: readonly string[]): string | null {
  for (let index = 0; index < args.length; index++) {
    const argument = args[index] as string;
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(argument)) return args[index + 1] ?? null;
    if (!argument.startsWith("-") && !argument.startsWith("+")) return null;
  }
  return null;
}

/** Nested command text that `command` would run (shell -c, su -c, eval, ssh, find -exec). */
function nestedScripts(command: ExecutedCommand): string[] {
  const { program, args } = command;
  if (SHELLS.has(program)) {
    const script = shellCommandArgument(args);
    if (script !== null) return [script];
    return command.heredoc !== undefined && args.every((argument) => argument.startsWith("-"))
      ? [command.heredoc]
      : [];
  }
  if (program === "su") {
    const flagIndex = args.findIndex((argument) => argument === "-c" || argument === "--command");
    return flagIndex !== -1 && args[flagIndex + 1] !== undefined ? [args[flagIndex + 1] as string] : [];
  }
  if (program === "eval") return [args.join(" ")];
  if (program === "ssh") {
    let index = 0;
    while (index < args.length && (args[index] as string).startsWith("-")) {
      index += SSH_OPTIONS_WITH_VALUE.has(args[index] as string) ? 2 : 1;
    }
    const remote = args.slice(index + 1);
    return remote.length > 0 ? [remote.join(" ")] : [];
  }
  if (program === "find") {
    const scripts: string[] = [];
    for (let index = 0; index < args.length; index++) {
      if (args[index] !== "-exec" && args[index] !== "-execdir" && args[index] !== "-ok") continue;
      const end = args.findIndex(
        (argument, position) => position > index && (argument === ";" || argument === "+"),
      );
      const execWords = args
        .slice(index + 1, end === -1 ? args.length : end)
        .map((argument) => (argument === "{}" ? "FILE" : argument));
      scripts.push(execWords.map((argument) => `'${argument.replaceAll("'", "'\\''")}'`).join(" "));
    }
    return scripts;
  }
  return [];
}

/** SQL that an SQL client command would run: its arguments and heredoc. */
function sqlOf(command: ExecutedCommand): string[] {
  if (!SQL_CLIENTS.has(command.program)) return [];
  const texts = [command.args.join(" ")];
  if (command.heredoc !== undefined) texts.push(command.heredoc);
  return texts;
}

/**
 * Expands a command line into everything that would run (see `ShellAnalysis`). Pure; never throws;
 * stops expanding below `MAX_SHELL_DEPTH`.
 */
export function analyzeShellCommand(text: string): ShellAnalysis {
  const analysis: ShellAnalysis = { commands: [], pipelines: [], sqlStatements: [] };
  expandInto(text, 0, analysis);
  return analysis;
}

function expandInto(text: string, depth: number, analysis: ShellAnalysis): void {
  if (depth > MAX_SHELL_DEPTH) return;
  const firstWord = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase();
  if (firstWord !== undefined && SQL_KEYWORDS.has(firstWord)) {
    // The "command" is itself an SQL statement (agents pass SQL through the same channel).
    analysis.sqlStatements.push(text);
    return;
  }
  const parsed = parseShell(text);
  for (const pipeline of parsed.pipelines) {
    const stages: ExecutedCommand[] = [];
    for (const simple of pipeline) {
      const { layers, innermost } = unwrap(simple);
      analysis.commands.push(...layers);
      if (innermost === null) continue;
      analysis.commands.push(innermost);
      stages.push(innermost);
      analysis.sqlStatements.push(...sqlOf(innermost));
      for (const script of nestedScripts(innermost)) expandInto(script, depth + 1, analysis);
    }
    // Text piped into an SQL client is SQL (`echo "DROP TABLE x" | psql`); into a shell, shell.
    for (let stage = 1; stage < stages.length; stage++) {
      const consumer = stages[stage] as ExecutedCommand;
      const producer = stages[stage - 1] as ExecutedCommand;
      if (producer.program !== "echo" && producer.program !== "printf" && producer.program !== "cat")
        continue;
      const piped =
        producer.program === "cat"
          ? (producer.heredoc ?? "")
          : producer.args.filter((argument) => !argument.startsWith("-")).join(" ");
      if (SQL_CLIENTS.has(consumer.program)) analysis.sqlStatements.push(piped);
      if (SHELLS.has(consumer.program) && shellCommandArgument(consumer.args) === null)
        expandInto(piped, depth + 1, analysis);
    }
    if (stages.length > 0) analysis.pipelines.push(stages);
  }
  for (const substitution of parsed.substitutions) expandInto(substitution, depth + 1, analysis);
}
