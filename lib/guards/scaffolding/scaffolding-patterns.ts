import type { ScaffoldingPattern } from "./scaffolding-pattern";

/**
 * The scaffolding registry: every chat-template tool marker known to leak into `delta.content`, with a
 * fixture naming its model family. Sources: the LFM2 incident that started the guard and the public
 * tool-call parsers listed in docs/design.md#scaffolding-patterns.
 *
 * This list is the extension point: a strip warning in the logs (stripped span, first 200 characters) is how
 * a new format is captured; add an entry plus its fixture here. Deliberately NOT in the registry (they look
 * like ordinary text and would cost precision): bare Pythonic lists `[f(a=1)]` (Llama 4), bare JSON
 * `{"name":…}` (Llama 3.x custom tools), Command-R `Action: ```json`, Phi-4-mini `functools[…]`, and a
 * bare Kimi `<|tool_call_begin|>…<|tool_call_end|>` outside a section (an upstream sanitizer keeps it to
 * avoid false positives; a lone `<|tool_call_end|>` is prose here too).
 *
 * Any marker right after a backtick or quote character, or inside a markdown fenced code block, is treated
 * as quoted text and left alone (a model documenting these formats), whatever the entry.
 */
export const SCAFFOLDING_PATTERNS: readonly ScaffoldingPattern[] = [
  // Liquid AI LFM2 / LFM2.5 (the incident that started the guard, docs/design.md#scaffolding-recovery).
  {
    kind: "span",
    id: "lfm2-tool-call",
    family: "Liquid AI LFM2 / LFM2.5",
    opener: "<|tool_call_start|>",
    closers: ["<|tool_call_end|>"],
    fixtures: [
      {
        family: "Liquid AI LFM2 (seed incident)",
        leaked: "<|tool_call_start|>[read(path='/homelab/backup-notes.md')]<|tool_call_end|>",
      },
      { family: "Liquid AI LFM2", leaked: '<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>' },
      {
        family: "Liquid AI LFM2 (JSON variant)",
        leaked: '<|tool_call_start|>[{"name":"f","arguments":{"a":1}}]<|tool_call_end|>',
      },
    ],
  },
  {
    kind: "span",
    id: "lfm2-tool-list",
    family: "Liquid AI LFM2 / LFM2.5",
    opener: "<|tool_list_start|>",
    closers: ["<|tool_list_end|>"],
    fixtures: [{ family: "Liquid AI LFM2", leaked: '<|tool_list_start|>[{"name":"read"}]<|tool_list_end|>' }],
  },
  {
    kind: "span",
    id: "lfm2-tool-response",
    family: "Liquid AI LFM2 / LFM2.5",
    opener: "<|tool_response_start|>",
    closers: ["<|tool_response_end|>"],
    fixtures: [
      { family: "Liquid AI LFM2", leaked: '<|tool_response_start|>{"ok":true}<|tool_response_end|>' },
    ],
  },
  // `<|tool_call|>`: Granite 3.0 (no closer) and Phi-4 (closed by `<|/tool_call|>`); a seed standalone token.
  {
    kind: "lead",
    id: "tool-call-token",
    family: "IBM Granite 3.0, Microsoft Phi-4 / Phi-4-mini, LFM2 sibling token",
    token: "<|tool_call|>",
    payload: "bracketed",
    fixtures: [
      {
        family: "IBM Granite 3.0",
        leaked: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
      },
      { family: "Microsoft Phi-4", leaked: '<|tool_call|>[{"name":"f","arguments":{}}]<|/tool_call|>' },
      {
        family: "Liquid AI LFM2 (standalone sibling token)",
        leaked: "Sure<|tool_call|> thing",
        visible: "Sure thing",
      },
    ],
  },
  {
    kind: "token",
    id: "phi4-tool-call-close",
    family: "Microsoft Phi-4 / Phi-4-mini",
    token: "<|/tool_call|>",
    fixtures: [{ family: "Microsoft Phi-4", leaked: "Done.<|/tool_call|>", visible: "Done." }],
  },
  {
    kind: "span",
    id: "phi4-tool-declaration",
    family: "Microsoft Phi-4 / Phi-4-mini",
    opener: "<|tool|>",
    closers: ["<|/tool|>"],
    fixtures: [{ family: "Microsoft Phi-4", leaked: '<|tool|>[{"name":"f"}]<|/tool|>' }],
  },
  // `<|tool_calls|>`: a seed standalone token and the ASCII-degraded DeepSeek DSML opener `<｜tool_calls｜>`.
  {
    kind: "lead",
    id: "tool-calls-token",
    family: "DeepSeek DSML (degraded), ad-hoc templates, LFM2 sibling token",
    token: "<|tool_calls|>",
    payload: "bracketed",
    fixtures: [
      { family: "DeepSeek V3.2 (ASCII-degraded)", leaked: '<|tool_calls|>[{"name":"get_weather"}]' },
      { family: "DeepSeek V3.2 (fullwidth bars)", leaked: '<｜tool_calls｜>[{"name":"get_weather"}]' },
      { family: "Liquid AI LFM2 (standalone sibling token)", leaked: "A<|tool_calls|>B", visible: "AB" },
    ],
  },
  {
    kind: "lead",
    id: "function-call-token",
    family: "ad-hoc templates (public leak filters)",
    token: "<|function_call|>",
    payload: "bracketed",
    fixtures: [{ family: "ad-hoc template", leaked: '<|function_call|>{"name":"f","arguments":{}}' }],
  },
  // Hermes / Qwen family, GLM, Qwen3-Coder, Granite 3.1+, and the many templates that copied `<tool_call>`.
  {
    kind: "span",
    id: "hermes-tool-call",
    family:
      "Hermes 2/3, Qwen2.5/3/3.5, QwQ, Qwen3-Coder, GLM-4.5+, Granite 3.1+/4, Nemotron 3, InternVL3, EXAONE 4, Falcon-H1, SmolLM3, ERNIE 4.5",
    opener: "<tool_call>",
    closers: ["</tool_call>"],
    fixtures: [
      {
        family: "Hermes 2/3, Qwen2.5, Qwen3",
        leaked: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      },
      {
        family: "Qwen2.5 (doubled braces)",
        leaked: '<tool_call>\n{{"name": "f", "arguments": {}}}\n</tool_call>',
      },
      {
        family: "Qwen3-Coder, Qwen3.5, Nemotron 3",
        leaked:
          "<tool_call>\n<function=read_file>\n<parameter=path>\nsrc/a.ts\n</parameter>\n</function>\n</tool_call>",
      },
      {
        family: "GLM-4.5 / 4.6 / 4.7",
        leaked: "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>",
      },
      { family: "IBM Granite 3.1+ (unclosed)", leaked: '<tool_call>[{"name": "f", "arguments": {}}]' },
    ],
  },
  {
    kind: "span",
    id: "hermes-tool-response",
    family: "Hermes 2/3, Qwen2.5/3",
    opener: "<tool_response>",
    closers: ["</tool_response>"],
    fixtures: [{ family: "Qwen3", leaked: '<tool_response>\n{"temperature": 21}\n</tool_response>' }],
  },
  {
    kind: "span",
    id: "seed-oss-tool-call",
    family: "ByteDance Seed-OSS",
    opener: "<seed:tool_call>",
    closers: ["</seed:tool_call>"],
    fixtures: [
      {
        family: "ByteDance Seed-OSS",
        leaked: "<seed:tool_call><function=f><parameter=x>1</parameter></function></seed:tool_call>",
      },
    ],
  },
  {
    kind: "span",
    id: "minimax-tool-call",
    family: "MiniMax-M2",
    opener: "<minimax:tool_call>",
    closers: ["</minimax:tool_call>"],
    fixtures: [
      {
        family: "MiniMax-M2",
        leaked:
          '<minimax:tool_call><invoke name="search"><parameter name="q">x</parameter></invoke></minimax:tool_call>',
      },
    ],
  },
  {
    kind: "span",
    id: "tool-calls-tag",
    family: "MiniMax-M1, Tencent Hunyuan A13B",
    opener: "<tool_calls>",
    closers: ["</tool_calls>"],
    fixtures: [
      { family: "MiniMax-M1", leaked: '<tool_calls>{"name":"search","arguments":{"q":"x"}}</tool_calls>' },
      {
        family: "Tencent Hunyuan A13B",
        leaked: '<tool_calls><tool_call>search ```json{"q":"x"}```</tool_call></tool_calls>',
      },
    ],
  },
  // DeepSeek V3 / R1 / V3.1 (fullwidth markers; the ASCII-degraded spellings match the same entries).
  {
    kind: "span",
    id: "deepseek-tool-calls",
    family: "DeepSeek V3, R1 and distills, V3.1, V3.2",
    opener: "<｜tool▁calls▁begin｜>",
    closers: ["<｜tool▁calls▁end｜>"],
    fixtures: [
      {
        family: "DeepSeek V3 / R1",
        leaked:
          '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city":"Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      },
      {
        family: "DeepSeek V3.1",
        leaked:
          '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city":"Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      },
      {
        family: "DeepSeek V3.1 (ASCII-degraded)",
        leaked:
          '<|tool_calls_begin|><|tool_call_begin|>get_weather<|tool_sep|>{"city":"Paris"}<|tool_call_end|><|tool_calls_end|>',
      },
    ],
  },
  {
    kind: "span",
    id: "deepseek-tool-outputs",
    family: "DeepSeek V3, R1, V3.1",
    opener: "<｜tool▁outputs▁begin｜>",
    closers: ["<｜tool▁outputs▁end｜>"],
    fixtures: [
      {
        family: "DeepSeek V3",
        leaked:
          '<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{"t":21}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>',
      },
    ],
  },
  {
    kind: "token",
    id: "deepseek-tool-sep",
    family: "DeepSeek V3, R1, V3.1",
    token: "<｜tool▁sep｜>",
    fixtures: [{ family: "DeepSeek V3.1", leaked: "get_weather<｜tool▁sep｜>", visible: "get_weather" }],
  },
  {
    kind: "span",
    id: "deepseek-dsml-function-calls",
    family: "DeepSeek V3.2 / V4 (DSML)",
    opener: "<｜DSML｜function_calls>",
    closers: ["</｜DSML｜function_calls>"],
    fixtures: [
      {
        family: "DeepSeek V3.2",
        leaked:
          '<｜DSML｜function_calls><｜DSML｜invoke name="get_weather"><｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>',
      },
    ],
  },
  {
    kind: "span",
    id: "deepseek-dsml-tool-calls",
    family: "DeepSeek V4 (DSML)",
    opener: "<｜DSML｜tool_calls>",
    closers: ["</｜DSML｜tool_calls>"],
    fixtures: [
      {
        family: "DeepSeek V4",
        leaked: '<｜DSML｜tool_calls><｜DSML｜invoke name="f"></｜DSML｜invoke></｜DSML｜tool_calls>',
      },
    ],
  },
  {
    kind: "span",
    id: "deepseek-dsml-degraded-tool-calls",
    family: "DeepSeek V3.2 / V4 (DSML, doubled-bar degraded)",
    opener: "<||DSML||tool_calls>",
    closers: ["</||DSML||tool_calls>"],
    fixtures: [
      {
        family: "DeepSeek V4 (degraded)",
        leaked: '<||DSML||tool_calls><||DSML||invoke name="f"></||DSML||invoke></||DSML||tool_calls>',
      },
    ],
  },
  {
    kind: "span",
    id: "deepseek-dsml-degraded-function-calls",
    family: "DeepSeek V3.2 (DSML, doubled-bar degraded)",
    opener: "<||DSML||function_calls>",
    closers: ["</||DSML||function_calls>"],
    fixtures: [
      {
        family: "DeepSeek V3.2 (degraded)",
        leaked: '<||DSML||function_calls><||DSML||invoke name="f"></||DSML||invoke></||DSML||function_calls>',
      },
    ],
  },
  // Moonshot Kimi K2 / K2.5: a section; its inner `<|tool_call_end|>` must not end the span.
  {
    kind: "span",
    id: "kimi-tool-calls-section",
    family: "Moonshot Kimi K2 / K2.5",
    opener: "<|tool_calls_section_begin|>",
    closers: ["<|tool_calls_section_end|>"],
    fixtures: [
      {
        family: "Moonshot Kimi K2",
        leaked:
          '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location":"Paris"}<|tool_call_end|><|tool_calls_section_end|>',
      },
    ],
  },
  {
    kind: "span",
    id: "kimi-xtml-tools",
    family: "Kimi-K3 XTML (unverified)",
    opener: "<|open|>tools<|sep|>",
    closers: ["<|close|>tools<|sep|>"],
    fixtures: [
      {
        family: "Kimi-K3 XTML",
        leaked:
          '<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|>{}<|close|>call<|sep|><|close|>tools<|sep|>',
      },
    ],
  },
  // Mistral.
  {
    kind: "lead",
    id: "mistral-tool-calls",
    family: "Mistral 7B v0.3, Mixtral, Nemo, Small 3.2, Ministral 3, Devstral, Magistral",
    token: "[TOOL_CALLS]",
    payload: "named-arguments",
    fixtures: [
      {
        family: "Mistral 7B v0.3 / Mixtral / Nemo",
        leaked: '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]',
      },
      {
        family: "Mistral Small 3.2 / Devstral (v11 tokenizer)",
        leaked: '[TOOL_CALLS]get_weather[ARGS]{"city":"Paris"}',
      },
      {
        family: "Mistral (call id variant)",
        leaked: '[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city":"Paris"}',
      },
    ],
  },
  {
    kind: "span",
    id: "mistral-tool-results",
    family: "Mistral",
    opener: "[TOOL_RESULTS]",
    closers: ["[/TOOL_RESULTS]"],
    fixtures: [{ family: "Mistral", leaked: '[TOOL_RESULTS]{"content": 21}[/TOOL_RESULTS]' }],
  },
  {
    kind: "span",
    id: "mistral-available-tools",
    family: "Mistral",
    opener: "[AVAILABLE_TOOLS]",
    closers: ["[/AVAILABLE_TOOLS]"],
    fixtures: [{ family: "Mistral", leaked: '[AVAILABLE_TOOLS][{"type":"function"}][/AVAILABLE_TOOLS]' }],
  },
  // Meta Llama 3.x / 4.
  {
    kind: "span",
    id: "llama-python-tag",
    family: "Meta Llama 3.1 / 3.2 / 3.3",
    opener: "<|python_tag|>",
    closers: ["<|eom_id|>", "<|eot_id|>"],
    fixtures: [
      {
        family: "Meta Llama 3.1",
        leaked: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|eom_id|>',
      },
      {
        family: "Meta Llama 3.1 (built-in tool)",
        leaked: '<|python_tag|>brave_search.call(query="x")<|eom_id|>',
      },
    ],
  },
  {
    kind: "token",
    id: "llama-eom-id",
    family: "Meta Llama 3.1 / 3.2 / 3.3",
    token: "<|eom_id|>",
    fixtures: [{ family: "Meta Llama 3.1", leaked: "Done<|eom_id|>", visible: "Done" }],
  },
  {
    kind: "token",
    id: "llama-eot-id",
    family: "Meta Llama 3.1 / 3.2 / 3.3",
    token: "<|eot_id|>",
    fixtures: [{ family: "Meta Llama 3.1", leaked: "Done<|eot_id|>", visible: "Done" }],
  },
  {
    kind: "span",
    id: "llama-header",
    family: "Meta Llama 3.1 / 3.2 / 3.3",
    opener: "<|start_header_id|>",
    closers: ["<|end_header_id|>"],
    fixtures: [{ family: "Meta Llama 3.1", leaked: "<|start_header_id|>assistant<|end_header_id|>" }],
  },
  {
    kind: "span",
    id: "llama-custom-function",
    family: "Meta Llama 3.1 custom tools, Functionary v3.1",
    opener: "<function={name}>",
    closers: ["</function>"],
    fixtures: [
      { family: "Meta Llama 3.1", leaked: '<function=spotify_trending_songs>{"n": "5"}</function>' },
    ],
  },
  {
    kind: "span",
    id: "llama4-python",
    family: "Meta Llama 4",
    opener: "<|python_start|>",
    closers: ["<|python_end|>"],
    fixtures: [
      { family: "Meta Llama 4", leaked: '<|python_start|>[get_weather(city="Paris")]<|python_end|>' },
    ],
  },
  // OpenAI gpt-oss harmony. The final channel's body is the answer and stays visible.
  {
    kind: "span",
    id: "harmony-start",
    family: "OpenAI gpt-oss-20b / 120b (harmony)",
    opener: "<|start|>",
    closers: ["<|message|>"],
    keepClosers: ["<|channel|>"],
    fixtures: [
      {
        family: "OpenAI gpt-oss",
        leaked:
          '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"Paris"}<|call|>',
      },
      {
        family: "OpenAI gpt-oss (no channel)",
        leaked: "<|start|>assistant<|message|>Hi<|end|>",
        visible: "Hi",
      },
    ],
  },
  {
    kind: "span",
    id: "harmony-commentary",
    family: "OpenAI gpt-oss-20b / 120b (harmony)",
    opener: "<|channel|>commentary",
    closers: ["<|call|>", "<|end|>"],
    fixtures: [
      {
        family: "OpenAI gpt-oss",
        leaked:
          '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"Paris"}<|call|>',
      },
    ],
  },
  {
    kind: "span",
    id: "harmony-analysis",
    family: "OpenAI gpt-oss-20b / 120b (harmony)",
    opener: "<|channel|>analysis",
    closers: ["<|end|>"],
    fixtures: [
      { family: "OpenAI gpt-oss", leaked: "<|channel|>analysis<|message|>User wants weather.<|end|>" },
    ],
  },
  {
    kind: "span",
    id: "harmony-channel",
    family: "OpenAI gpt-oss-20b / 120b (harmony)",
    opener: "<|channel|>",
    closers: ["<|message|>"],
    fixtures: [
      {
        family: "OpenAI gpt-oss (final channel)",
        leaked: "<|channel|>final<|message|>It is 21 °C.<|return|>",
        visible: "It is 21 °C.",
      },
    ],
  },
  ...["<|message|>", "<|call|>", "<|end|>", "<|return|>", "<|constrain|>"].map(
    (token): ScaffoldingPattern => ({
      kind: "token",
      id: `harmony-${token.slice(2, -2)}`,
      family: "OpenAI gpt-oss-20b / 120b (harmony)",
      token,
      fixtures: [{ family: "OpenAI gpt-oss", leaked: `Answer.${token}`, visible: "Answer." }],
    }),
  ),
  // Google Gemma 4 / FunctionGemma.
  {
    kind: "span",
    id: "gemma4-tool-call",
    family: "Google Gemma 4",
    opener: "<|tool_call>",
    closers: ["<tool_call|>"],
    fixtures: [
      { family: "Google Gemma 4", leaked: '<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|>' },
    ],
  },
  {
    kind: "span",
    id: "gemma4-tool-response",
    family: "Google Gemma 4",
    opener: "<|tool_response>",
    closers: ["<tool_response|>"],
    fixtures: [
      { family: "Google Gemma 4", leaked: "<|tool_response>response:get_weather{t:21}<tool_response|>" },
    ],
  },
  {
    kind: "span",
    id: "function-gemma-call",
    family: "Google FunctionGemma",
    opener: "<start_function_call>",
    closers: ["<end_function_call>"],
    fixtures: [
      {
        family: "Google FunctionGemma",
        leaked: "<start_function_call>call:get_weather{city:Paris}<end_function_call>",
      },
    ],
  },
  {
    kind: "span",
    id: "function-gemma-response",
    family: "Google FunctionGemma",
    opener: "<start_function_response>",
    closers: ["<end_function_response>"],
    fixtures: [
      { family: "Google FunctionGemma", leaked: "<start_function_response>{t:21}<end_function_response>" },
    ],
  },
  // Others from the public parsers (docs/design.md#scaffolding-patterns).
  {
    kind: "span",
    id: "nemotron-h-toolcall",
    family: "NVIDIA Nemotron-H",
    opener: "<TOOLCALL>",
    closers: ["</TOOLCALL>"],
    fixtures: [{ family: "NVIDIA Nemotron-H", leaked: '<TOOLCALL>[{"name":"f","arguments":{}}]</TOOLCALL>' }],
  },
  {
    kind: "span",
    id: "cohere-action",
    family: "Cohere Command R7B / Command A",
    opener: "<|START_ACTION|>",
    closers: ["<|END_ACTION|>"],
    fixtures: [
      {
        family: "Cohere Command A",
        leaked:
          '<|START_ACTION|>[{"tool_call_id":"0","tool_name":"web_search","parameters":{"query":"x"}}]<|END_ACTION|>',
      },
    ],
  },
  {
    kind: "span",
    id: "apertus-tools",
    family: "Swiss AI Apertus",
    opener: "<|tools_prefix|>",
    closers: ["<|tools_suffix|>"],
    fixtures: [
      {
        family: "Swiss AI Apertus",
        leaked: '<|tools_prefix|>[{"get_weather": {"city": "Paris"}}]<|tools_suffix|>',
      },
    ],
  },
  {
    kind: "span",
    id: "internlm-action",
    family: "InternLM2 / 2.5",
    opener: "<|action_start|>",
    closers: ["<|action_end|>"],
    fixtures: [
      {
        family: "InternLM2.5",
        leaked: '<|action_start|><|plugin|>\n{"name":"f","parameters":{}}<|action_end|>',
      },
    ],
  },
  {
    kind: "token",
    id: "internlm-plugin",
    family: "InternLM2 / 2.5",
    token: "<|plugin|>",
    fixtures: [{ family: "InternLM2", leaked: "Calling<|plugin|>", visible: "Calling" }],
  },
  {
    kind: "span",
    id: "longcat-tool-call",
    family: "Meituan LongCat",
    opener: "<longcat_tool_call>",
    closers: ["</longcat_tool_call>"],
    fixtures: [{ family: "Meituan LongCat", leaked: '<longcat_tool_call>{"name":"f"}</longcat_tool_call>' }],
  },
];
