<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
    <context>
        <name>Accessibility</name>
        <message>
            <source>Apply what this dialog shows and close it</source>
            <translation>Apply what this dialog shows and close it</translation>
        </message>
        <message>
            <source>Close this dialog without changing anything</source>
            <translation>Close this dialog without changing anything</translation>
        </message>
        <message>
            <source>Close this window</source>
            <translation>Close this window</translation>
        </message>
    </context>
    <context>
        <name>Approval</name>
        <message>
            <source>⚠ This request contains characters that are invisible or reorder the text around them (%1). They are shown as ⟦U+…⟧ and marked; what runs is exactly what is shown. Commands rarely need them: deny unless you expected this.</source>
            <translation>⚠ This request contains characters that are invisible or reorder the text around them (%1). They are shown as ⟦U+…⟧ and marked; what runs is exactly what is shown. Commands rarely need them: deny unless you expected this.</translation>
        </message>
        <message>
            <source>Allow %1?</source>
            <translation>Allow %1?</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; wants to: %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; wants to: %2</translation>
        </message>
        <message>
            <source>Details of the request</source>
            <translation>Details of the request</translation>
        </message>
        <message>
            <source>What the tool would do, exactly as it would run, read-only.</source>
            <translation>What the tool would do, exactly as it would run, read-only.</translation>
        </message>
        <message>
            <source>Allow %1 for the rest of this session</source>
            <translation>Allow %1 for the rest of this session</translation>
        </message>
        <message>
            <source>Later requests of this tool in this session run without asking</source>
            <translation>Later requests of this tool in this session run without asking</translation>
        </message>
        <message>
            <source>Allow</source>
            <translation>Allow</translation>
        </message>
        <message>
            <source>Deny</source>
            <translation>Deny</translation>
        </message>
        <message>
            <source>Deny all until the answer ends</source>
            <translation>Deny all until the answer ends</translation>
        </message>
        <message>
            <source>Deny this and every other change the model asks for until the current answer is finished; the model is told each one was denied.</source>
            <translation>Deny this and every other change the model asks for until the current answer is finished; the model is told each one was denied.</translation>
        </message>
        <message>
            <source>Run this request now</source>
            <translation>Run this request now</translation>
        </message>
        <message>
            <source>Refuse it; the model is told it was denied</source>
            <translation>Refuse it; the model is told it was denied</translation>
        </message>
    </context>
    <context>
        <name>Breakdown</name>
        <message>
            <source>%1 %</source>
            <translation>%1 %</translation>
        </message>
        <message numerus="yes">
            <source>%Ln message(s) in the view</source>
            <translation>
                <numerusform>%Ln message in the view</numerusform>
                <numerusform>%Ln messages in the view</numerusform>
            </translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>System prompt</translation>
        </message>
        <message>
            <source>Tool schemas</source>
            <translation>Tool schemas</translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>Summary</translation>
        </message>
        <message>
            <source>Pinned messages</source>
            <translation>Pinned messages</translation>
        </message>
        <message>
            <source>Conversation messages</source>
            <translation>Conversation messages</translation>
        </message>
        <message>
            <source>Reasoning (sent back with tool calls)</source>
            <translation>Reasoning (sent back with tool calls)</translation>
        </message>
        <message>
            <source>Tool results (verbatim)</source>
            <translation>Tool results (verbatim)</translation>
        </message>
        <message>
            <source>Tool results (placeholdered)</source>
            <translation>Tool results (placeholdered)</translation>
        </message>
        <message>
            <source>Tool results (offloaded markers)</source>
            <translation>Tool results (offloaded markers)</translation>
        </message>
        <message>
            <source>Framing (list brackets, separators, snip marker)</source>
            <translation>Framing (list brackets, separators, snip marker)</translation>
        </message>
        <message>
            <source>Total: %1 tokens — the figure on the budget bar.</source>
            <translation>Total: %1 tokens — the figure on the budget bar.</translation>
        </message>
        <message>
            <source>nothing left out</source>
            <translation>nothing left out</translation>
        </message>
        <message>
            <source>%1 tokens from here</source>
            <translation>%1 tokens from here</translation>
        </message>
        <message>
            <source>reached: the next request summarizes first</source>
            <translation>reached: the next request summarizes first</translation>
        </message>
        <message>
            <source>Compaction threshold: %1 tokens (%2).</source>
            <translation>Compaction threshold: %1 tokens (%2).</translation>
        </message>
        <message>
            <source>No budget: context management is off and the whole history is sent.</source>
            <translation>No budget: context management is off and the whole history is sent.</translation>
        </message>
        <message numerus="yes">
            <source>%Ln message(s) summarized</source>
            <translation>
                <numerusform>%Ln message summarized</numerusform>
                <numerusform>%Ln messages summarized</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln message(s) snipped</source>
            <translation>
                <numerusform>%Ln message snipped</numerusform>
                <numerusform>%Ln messages snipped</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln tool result(s) placeholdered</source>
            <translation>
                <numerusform>%Ln tool result placeholdered</numerusform>
                <numerusform>%Ln tool results placeholdered</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln tool result(s) offloaded to files</source>
            <translation>
                <numerusform>%Ln tool result offloaded to files</numerusform>
                <numerusform>%Ln tool results offloaded to files</numerusform>
            </translation>
        </message>
        <message>
            <source>Context breakdown</source>
            <translation>Context breakdown</translation>
        </message>
        <message>
            <source>Where the next request's tokens go</source>
            <translation>Where the next request's tokens go</translation>
        </message>
        <message>
            <source>One row per part of the request: its tokens and share of the budget.</source>
            <translation>One row per part of the request: its tokens and share of the budget.</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>Refresh</translation>
        </message>
        <message>
            <source>Count the next request again</source>
            <translation>Count the next request again</translation>
        </message>
        <message>
            <source>Free: %1 of %2 tokens (%3).</source>
            <translation>Free: %1 of %2 tokens (%3).</translation>
        </message>
        <message>
            <source>Over the budget of %1 tokens by %2.</source>
            <translation>Over the budget of %1 tokens by %2.</translation>
        </message>
        <message>
            <source>Category</source>
            <translation>Category</translation>
        </message>
        <message>
            <source>Tokens</source>
            <translation>Tokens</translation>
        </message>
        <message>
            <source>Share of budget</source>
            <translation>Share of budget</translation>
        </message>
        <message>
            <source>Messages</source>
            <translation>Messages</translation>
        </message>
        <message>
            <source>Where the next request's tokens go:</source>
            <translation>Where the next request's tokens go:</translation>
        </message>
        <message>
            <source>Total (the bar's estimate)</source>
            <translation>Total (the bar's estimate)</translation>
        </message>
        <message>
            <source>Free</source>
            <translation>Free</translation>
        </message>
        <message>
            <source>Compaction threshold</source>
            <translation>Compaction threshold</translation>
        </message>
    </context>
    <context>
        <name>BudgetBar</name>
        <message>
            <source>%1 / %2 tokens (%3 %)</source>
            <translation>%1 / %2 tokens (%3 %)</translation>
        </message>
        <message>
            <source>Older turns are summarized when it passes %1 % (%2 tokens).</source>
            <translation>Older turns are summarized when it passes %1 % (%2 tokens).</translation>
        </message>
        <message numerus="yes">
            <source>%Ln summary(ies) so far</source>
            <translation>
                <numerusform>%Ln summary so far</numerusform>
                <numerusform>%Ln summaries so far</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 % of the context used · %2</source>
            <translation>%1 % of the context used · %2</translation>
        </message>
        <message>
            <source>%1 tokens · no limit</source>
            <translation>%1 tokens · no limit</translation>
        </message>
        <message>
            <source>Past %1 % (%2 tokens): older turns will be summarized before your next message.</source>
            <translation>Past %1 % (%2 tokens): older turns will be summarized before your next message.</translation>
        </message>
        <message numerus="yes">
            <source>view %1 of %Ln message(s)</source>
            <translation>
                <numerusform>view %1 of %Ln message</numerusform>
                <numerusform>view %1 of %Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <source>no summary yet</source>
            <translation>no summary yet</translation>
        </message>
        <message>
            <source>%1 tokens in the context · no limit set</source>
            <translation>%1 tokens in the context · no limit set</translation>
        </message>
        <message>
            <source>%1 on this branch</source>
            <translation>%1 on this branch</translation>
        </message>
        <message>
            <source>Click for the breakdown of where the tokens go.</source>
            <translation>Click for the breakdown of where the tokens go.</translation>
        </message>
        <message>
            <source>Details</source>
            <translation>Details</translation>
        </message>
        <message>
            <source>%1 offloaded to disk</source>
            <translation>%1 offloaded to disk</translation>
        </message>
        <message>
            <source>%1 snipped</source>
            <translation>%1 snipped</translation>
        </message>
        <message>
            <source>%1 placeholdered</source>
            <translation>%1 placeholdered</translation>
        </message>
        <message>
            <source>summarized now</source>
            <translation>summarized now</translation>
        </message>
        <message>
            <source>summary failed: %1</source>
            <translation>summary failed: %1</translation>
        </message>
        <message>
            <source>Token budget</source>
            <translation>Token budget</translation>
        </message>
        <message>
            <source>summary cache used</source>
            <translation>summary cache used</translation>
        </message>
        <message>
            <source>Context management is off: everything is sent every time.</source>
            <translation>Context management is off: everything is sent every time.</translation>
        </message>
        <message>
            <source>Offline provider: the counts are this app's own estimates.</source>
            <translation>Offline provider: the counts are this app's own estimates.</translation>
        </message>
        <message>
            <source>Includes about %1 tokens of the answer being written.</source>
            <translation>Includes about %1 tokens of the answer being written.</translation>
        </message>
        <message>
            <source>Estimate</source>
            <translation>Estimate</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 tokens</translation>
        </message>
        <message>
            <source>Tokens per character</source>
            <translation>Tokens per character</translation>
        </message>
        <message>
            <source>Last request</source>
            <translation>Last request</translation>
        </message>
        <message>
            <source>(last %1 → %2)</source>
            <translation>(last %1 → %2)</translation>
        </message>
        <message>
            <source>Compactions</source>
            <translation>Compactions</translation>
        </message>
        <message>
            <source>Enter opens the breakdown of where the tokens go.</source>
            <translation>Enter opens the breakdown of where the tokens go.</translation>
        </message>
        <message>
            <source>offline</source>
            <translation>offline</translation>
        </message>
        <message>
            <source>Budget</source>
            <translation>Budget</translation>
        </message>
        <message>
            <source>%1 tokens (%2 % used)</source>
            <translation>%1 tokens (%2 % used)</translation>
        </message>
        <message>
            <source>Compaction at</source>
            <translation>Compaction at</translation>
        </message>
        <message>
            <source>%1 % = %2 tokens</source>
            <translation>%1 % = %2 tokens</translation>
        </message>
        <message>
            <source>none — context management is off</source>
            <translation>none — context management is off</translation>
        </message>
        <message>
            <source>not yet</source>
            <translation>not yet</translation>
        </message>
        <message>
            <source>%1 tokens by the provider's count</source>
            <translation>%1 tokens by the provider's count</translation>
        </message>
        <message>
            <source>Layers</source>
            <translation>Layers</translation>
        </message>
        <message>
            <source>Provider</source>
            <translation>Provider</translation>
        </message>
        <message numerus="yes">
            <source>%n summary(ies) so far</source>
            <translation type="obsolete">
                <numerusform>%n summary so far</numerusform>
                <numerusform>%n summaries so far</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>view %1 of %n message(s)</source>
            <translation type="obsolete">
                <numerusform>view %1 of %n message</numerusform>
                <numerusform>view %1 of %n messages</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>CompactDialog</name>
        <message>
            <source>Compact now</source>
            <translation>Compact now</translation>
        </message>
        <message>
            <source>Summarize the conversation so far. Optional &amp;focus:</source>
            <translation>Summarize the conversation so far. Optional &amp;focus:</translation>
        </message>
        <message>
            <source>e.g. keep the API design decisions in detail</source>
            <translation>e.g. keep the API design decisions in detail</translation>
        </message>
        <message>
            <source>What the summary should keep in detail (optional).</source>
            <translation>What the summary should keep in detail (optional).</translation>
        </message>
        <message>
            <source>Compact</source>
            <translation>Compact</translation>
        </message>
        <message>
            <source>Summarize the older turns now</source>
            <translation>Summarize the older turns now</translation>
        </message>
    </context>
    <context>
        <name>Connection</name>
        <message numerus="yes">
            <source>%Ln model(s) on the server: type to search, or pick one.</source>
            <translation>
                <numerusform>%Ln model on the server: type to search, or pick one.</numerusform>
                <numerusform>%Ln models on the server: type to search, or pick one.</numerusform>
            </translation>
        </message>
        <message>
            <source>Fetch models</source>
            <translation>Fetch models</translation>
        </message>
        <message>
            <source>Ask the server which models it offers (GET /models)</source>
            <translation>Ask the server which models it offers (GET /models)</translation>
        </message>
        <message>
            <source>Test connection</source>
            <translation>Test connection</translation>
        </message>
        <message>
            <source>Send one tiny request with these settings and say how it went</source>
            <translation>Send one tiny request with these settings and say how it went</translation>
        </message>
        <message>
            <source>Asking the server for its models…</source>
            <translation>Asking the server for its models…</translation>
        </message>
        <message>
            <source>The server lists no models; type the name instead.</source>
            <translation>The server lists no models; type the name instead.</translation>
        </message>
        <message>
            <source>Testing the connection…</source>
            <translation>Testing the connection…</translation>
        </message>
        <message>
            <source>Connected.</source>
            <translation>Connected.</translation>
        </message>
        <message>
            <source>The test failed.</source>
            <translation>The test failed.</translation>
        </message>
        <message>
            <source>What you pay per million tokens for this model, in dollars. Leave 0 for no
price: the app shows money only for models you entered a price for.</source>
            <translation>What you pay per million tokens for this model, in dollars. Leave 0 for no
price: the app shows money only for models you entered a price for.</translation>
        </message>
        <message>
            <source>Dollars per million input tokens (—: no price)</source>
            <translation>Dollars per million input tokens (—: no price)</translation>
        </message>
        <message>
            <source>Dollars per million cached input tokens (—: no price; the input price applies)</source>
            <translation>Dollars per million cached input tokens (—: no price; the input price applies)</translation>
        </message>
        <message>
            <source>Dollars per million output tokens (—: no price)</source>
            <translation>Dollars per million output tokens (—: no price)</translation>
        </message>
        <message>
            <source>Price per million input tokens</source>
            <translation>Price per million input tokens</translation>
        </message>
        <message>
            <source>Price per million cached input tokens</source>
            <translation>Price per million cached input tokens</translation>
        </message>
        <message>
            <source>Price per million output tokens</source>
            <translation>Price per million output tokens</translation>
        </message>
        <message>
            <source>Could not fetch the models: %1</source>
            <translation>Could not fetch the models: %1</translation>
        </message>
        <message>
            <source>in</source>
            <comment>input tokens</comment>
            <translation>in</translation>
        </message>
        <message>
            <source>cached</source>
            <comment>cached input tokens</comment>
            <translation>cached</translation>
        </message>
        <message>
            <source>out</source>
            <comment>output tokens</comment>
            <translation>out</translation>
        </message>
        <message>
            <source>The test failed: %1</source>
            <translation>The test failed: %1</translation>
        </message>
    </context>
    <context>
        <name>Controller</name>
        <message>
            <source>Internal error: %1: %2</source>
            <translation>Internal error: %1: %2</translation>
        </message>
    </context>
    <context>
        <name>Conversation</name>
        <message>
            <source>Conversation</source>
            <translation>Conversation</translation>
        </message>
        <message>
            <source>The messages of this session; Ctrl+F finds text, Page Up and Page Down scroll.</source>
            <translation>The messages of this session; Ctrl+F finds text, Page Up and Page Down scroll.</translation>
        </message>
        <message>
            <source>Type a message below — Enter sends.

The bar above the input shows how full the model's context is; when it passes the mark, older turns are summarized. The tree on the right shows every message: click one to go back to it.</source>
            <translation>Type a message below — Enter sends.

The bar above the input shows how full the model's context is; when it passes the mark, older turns are summarized. The tree on the right shows every message: click one to go back to it.</translation>
        </message>
        <message>
            <source>Opening %1…</source>
            <translation>Opening %1…</translation>
        </message>
        <message>
            <source>thinking…</source>
            <translation>thinking…</translation>
        </message>
        <message>
            <source>This conversation has a gap: %1. The session file is unchanged.</source>
            <translation>This conversation has a gap: %1. The session file is unchanged.</translation>
        </message>
        <message numerus="yes">
            <source>%Ln tool call(s) never got a result (the run was interrupted); the model is sent "%1" in its place</source>
            <translation>
                <numerusform>%Ln tool call never got a result (the run was interrupted); the model is sent "%1" in its place</numerusform>
                <numerusform>%Ln tool calls never got a result (the run was interrupted); the model is sent "%1" in its place</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln tool result(s) answer no call and are left out of what the model is sent</source>
            <translation>
                <numerusform>%Ln tool result answers no call and is left out of what the model is sent</numerusform>
                <numerusform>%Ln tool results answer no call and are left out of what the model is sent</numerusform>
            </translation>
        </message>
        <message>
            <source>Stopped.</source>
            <translation>Stopped.</translation>
        </message>
        <message>
            <source>; </source>
            <translation>; </translation>
        </message>
        <message>
            <source>Some saved data could not be shown and was skipped:</source>
            <translation>Some saved data could not be shown and was skipped:</translation>
        </message>
        <message>
            <source>… and %1 more</source>
            <translation>… and %1 more</translation>
        </message>
        <message>
            <source>Retry</source>
            <translation>Retry</translation>
        </message>
    </context>
    <context>
        <name>EditResend</name>
        <message>
            <source>Edit and resend: puts this message in the box; sending makes a new branch from before it (the old branch stays in the tree)</source>
            <translation>Edit and resend: puts this message in the box; sending makes a new branch from before it (the old branch stays in the tree)</translation>
        </message>
        <message>
            <source>Edit and resend</source>
            <translation>Edit and resend</translation>
        </message>
        <message>
            <source>Editing “%1”. Send makes a new branch from before it; the old branch stays in the tree.</source>
            <translation>Editing “%1”. Send makes a new branch from before it; the old branch stays in the tree.</translation>
        </message>
        <message>
            <source>This question has no answer on this branch. Answer it again, or type what to ask instead: that goes on a new branch, and this question stays in the tree.</source>
            <translation>This question has no answer on this branch. Answer it again, or type what to ask instead: that goes on a new branch, and this question stays in the tree.</translation>
        </message>
        <message>
            <source>Stopped before sending: your message was not sent and is back in the input.</source>
            <translation>Stopped before sending: your message was not sent and is back in the input.</translation>
        </message>
        <message>
            <source>the message before it was summarized</source>
            <translation>the message before it was summarized</translation>
        </message>
        <message>
            <source>✎ editing</source>
            <translation>✎ editing</translation>
        </message>
        <message>
            <source>Cancel edit</source>
            <translation>Cancel edit</translation>
        </message>
        <message>
            <source>Answer again</source>
            <translation>Answer again</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Edit</translation>
        </message>
    </context>
    <context>
        <name>Export</name>
        <message>
            <source>Markdown</source>
            <translation>Markdown</translation>
        </message>
        <message>
            <source>HTML page</source>
            <translation>HTML page</translation>
        </message>
        <message>
            <source>Raw JSONL</source>
            <translation>Raw JSONL</translation>
        </message>
        <message>
            <source>Markdown (*.md)</source>
            <translation>Markdown (*.md)</translation>
        </message>
        <message>
            <source>HTML page (*.html)</source>
            <translation>HTML page (*.html)</translation>
        </message>
        <message>
            <source>Session lines (*.jsonl)</source>
            <translation>Session lines (*.jsonl)</translation>
        </message>
        <message>
            <source>Export the current branch as %1</source>
            <translation>Export the current branch as %1</translation>
        </message>
        <message>
            <source>Export failed: %1</source>
            <translation>Export failed: %1</translation>
        </message>
    </context>
    <context>
        <name>FileViewer</name>
        <message numerus="yes">
            <source>%Ln byte(s)</source>
            <translation>
                <numerusform>%Ln byte</numerusform>
                <numerusform>%Ln bytes</numerusform>
            </translation>
        </message>
        <message>
            <source>Open containing folder</source>
            <translation>Open containing folder</translation>
        </message>
        <message>
            <source>Show the folder of this file in the file manager</source>
            <translation>Show the folder of this file in the file manager</translation>
        </message>
        <message>
            <source>Copy path</source>
            <translation>Copy path</translation>
        </message>
        <message>
            <source>Copy the file's path to the clipboard</source>
            <translation>Copy the file's path to the clipboard</translation>
        </message>
        <message>
            <source>Wrap lines</source>
            <translation>Wrap lines</translation>
        </message>
        <message>
            <source>Break long lines at the window's edge</source>
            <translation>Break long lines at the window's edge</translation>
        </message>
        <message>
            <source>Tool result</source>
            <translation>Tool result</translation>
        </message>
        <message>
            <source>The saved output of a tool, read-only; Ctrl+F finds text in it.</source>
            <translation>The saved output of a tool, read-only; Ctrl+F finds text in it.</translation>
        </message>
        <message>
            <source>Find (Enter: next, Shift+Enter: previous)</source>
            <translation>Find (Enter: next, Shift+Enter: previous)</translation>
        </message>
        <message>
            <source>Find</source>
            <translation>Find</translation>
        </message>
        <message>
            <source>Text to find; Enter goes to the next match, Shift+Enter back.</source>
            <translation>Text to find; Enter goes to the next match, Shift+Enter back.</translation>
        </message>
        <message>
            <source>Previous match</source>
            <translation>Previous match</translation>
        </message>
        <message>
            <source>Next match</source>
            <translation>Next match</translation>
        </message>
        <message>
            <source>%1 — showing the first %2 characters (%3)</source>
            <translation>%1 — showing the first %2 characters (%3)</translation>
        </message>
        <message>
            <source>%1 characters · %2</source>
            <translation>%1 characters · %2</translation>
        </message>
        <message>
            <source>loading %1</source>
            <translation>loading %1</translation>
        </message>
        <message>
            <source>Tool result — %1</source>
            <translation>Tool result — %1</translation>
        </message>
        <message numerus="yes">
            <source>%Ln line(s)</source>
            <translation>
                <numerusform>%Ln line</numerusform>
                <numerusform>%Ln lines</numerusform>
            </translation>
        </message>
        <message>
            <source>The tool capped its output: this file holds %1 it read (its last line says where to go on).</source>
            <translation>The tool capped its output: this file holds %1 it read (its last line says where to go on).</translation>
        </message>
        <message>
            <source>no match</source>
            <translation>no match</translation>
        </message>
        <message>
            <source>Cannot open %1: %2</source>
            <translation>Cannot open %1: %2</translation>
        </message>
        <message>
            <source>The tool read part of a file: this holds its lines %1-%2 of %3 (the last line says where to go on).</source>
            <translation>The tool read part of a file: this holds its lines %1-%2 of %3 (the last line says where to go on).</translation>
        </message>
    </context>
    <context>
        <name>FindBar</name>
        <message>
            <source>Find in this conversation</source>
            <translation>Find in this conversation</translation>
        </message>
        <message>
            <source>Enter goes to the next match, Shift+Enter to the previous, Esc closes.</source>
            <translation>Enter goes to the next match, Shift+Enter to the previous, Esc closes.</translation>
        </message>
        <message>
            <source>Previous match (Shift+Enter)</source>
            <translation>Previous match (Shift+Enter)</translation>
        </message>
        <message>
            <source>Next match (Enter)</source>
            <translation>Next match (Enter)</translation>
        </message>
        <message>
            <source>Close (Esc)</source>
            <translation>Close (Esc)</translation>
        </message>
        <message>
            <source>Previous match</source>
            <translation>Previous match</translation>
        </message>
        <message>
            <source>Next match</source>
            <translation>Next match</translation>
        </message>
        <message>
            <source>Close the find bar</source>
            <translation>Close the find bar</translation>
        </message>
        <message>
            <source>No matches</source>
            <translation>No matches</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 of %2</translation>
        </message>
    </context>
    <context>
        <name>Header</name>
        <message>
            <source>Sessions</source>
            <translation>Sessions</translation>
        </message>
        <message>
            <source>Show or hide the list of sessions (the window is too narrow for both)</source>
            <translation>Show or hide the list of sessions (the window is too narrow for both)</translation>
        </message>
        <message>
            <source>New session</source>
            <translation>New session</translation>
        </message>
        <message>
            <source>Session tree</source>
            <translation>Session tree</translation>
        </message>
        <message>
            <source>Show or hide the session tree (the window is too narrow for both)</source>
            <translation>Show or hide the session tree (the window is too narrow for both)</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>System prompt</translation>
        </message>
        <message>
            <source>Tree</source>
            <translation>Tree</translation>
        </message>
        <message>
            <source>This session has no system prompt (click to give it one)</source>
            <translation>This session has no system prompt (click to give it one)</translation>
        </message>
        <message>
            <source>No system prompt</source>
            <translation>No system prompt</translation>
        </message>
        <message>
            <source>System prompt (click to view or change it):</source>
            <translation>System prompt (click to view or change it):</translation>
        </message>
    </context>
    <context>
        <name>Labels</name>
        <message>
            <source>%1 of %2 characters</source>
            <translation>%1 of %2 characters</translation>
        </message>
        <message>
            <source>the first %1 of %2 characters</source>
            <translation>the first %1 of %2 characters</translation>
        </message>
    </context>
    <context>
        <name>LongText</name>
        <message>
            <source>Copy all</source>
            <translation>Copy all</translation>
        </message>
        <message>
            <source>Copy the whole message to the clipboard</source>
            <translation>Copy the whole message to the clipboard</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Close</translation>
        </message>
        <message>
            <source>Close this window</source>
            <translation>Close this window</translation>
        </message>
        <message>
            <source>Whole message</source>
            <translation>Whole message</translation>
        </message>
        <message>
            <source>Loading… %1 of %2 characters</source>
            <translation>Loading… %1 of %2 characters</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Offline (no network)</source>
            <translation>Offline (no network)</translation>
        </message>
        <message>
            <source>Message — Enter sends, Shift+Enter for a new line</source>
            <translation>Message — Enter sends, Shift+Enter for a new line</translation>
        </message>
        <message>
            <source>Message</source>
            <translation>Message</translation>
        </message>
        <message>
            <source>Your next message. Enter sends it, Shift+Enter starts a new line.</source>
            <translation>Your next message. Enter sends it, Shift+Enter starts a new line.</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Send</translation>
        </message>
        <message>
            <source>Sends the message, or stops the answer while one is written.</source>
            <translation>Sends the message, or stops the answer while one is written.</translation>
        </message>
        <message>
            <source>&lt;b&gt;● Offline&lt;/b&gt; — demo model, no network</source>
            <translation>&lt;b&gt;● Offline&lt;/b&gt; — demo model, no network</translation>
        </message>
        <message>
            <source>&amp;New session</source>
            <translation>&amp;New session</translation>
        </message>
        <message>
            <source>&amp;Open session…</source>
            <translation>&amp;Open session…</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>&amp;Settings…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Quit</translation>
        </message>
        <message>
            <source>&amp;Compact now…</source>
            <translation>&amp;Compact now…</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Stop</translation>
        </message>
        <message>
            <source>&amp;Pin / unpin message</source>
            <translation>&amp;Pin / unpin message</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;File</translation>
        </message>
        <message>
            <source>&amp;Export current branch</source>
            <translation>&amp;Export current branch</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;View</translation>
        </message>
        <message>
            <source>&amp;Search sessions</source>
            <translation>&amp;Search sessions</translation>
        </message>
        <message>
            <source>Next &amp;pane</source>
            <translation>Next &amp;pane</translation>
        </message>
        <message>
            <source>Previous pa&amp;ne</source>
            <translation>Previous pa&amp;ne</translation>
        </message>
        <message>
            <source>&amp;Conversation</source>
            <translation>&amp;Conversation</translation>
        </message>
        <message>
            <source>&amp;Fidelity probe…</source>
            <translation>&amp;Fidelity probe…</translation>
        </message>
        <message>
            <source>%1 — pi-desktop</source>
            <translation>%1 — pi-desktop</translation>
        </message>
        <message>
            <source>%1 · workspace %2</source>
            <translation>%1 · workspace %2</translation>
        </message>
        <message>
            <source>%1…</source>
            <translation>%1…</translation>
        </message>
        <message>
            <source>window/splitter is not a saved layout; ignored</source>
            <translation>window/splitter is not a saved layout; ignored</translation>
        </message>
        <message>
            <source>New session</source>
            <translation>New session</translation>
        </message>
        <message>
            <source>Stopping…</source>
            <translation>Stopping…</translation>
        </message>
        <message>
            <source>&amp;Tools</source>
            <translation>&amp;Tools</translation>
        </message>
        <message>
            <source>Provider busy (%1); retry %2 in %3 s</source>
            <translation>Provider busy (%1); retry %2 in %3 s</translation>
        </message>
        <message>
            <source>window/geometry is not a saved geometry; ignored</source>
            <translation>window/geometry is not a saved geometry; ignored</translation>
        </message>
        <message>
            <source>Workspace: %1</source>
            <translation>Workspace: %1</translation>
        </message>
        <message>
            <source>Your message is still in the box.</source>
            <translation>Your message is still in the box.</translation>
        </message>
        <message>
            <source>Stopping the run before closing…</source>
            <translation>Stopping the run before closing…</translation>
        </message>
        <message>
            <source>Some lines of this session file could not be read and were skipped:</source>
            <translation>Some lines of this session file could not be read and were skipped:</translation>
        </message>
        <message>
            <source>Some saved settings could not be used; the defaults apply:</source>
            <translation>Some saved settings could not be used; the defaults apply:</translation>
        </message>
        <message>
            <source>This session is open read-only.</source>
            <translation>This session is open read-only.</translation>
        </message>
        <message>
            <source>Edited summary saved; the next request uses it.</source>
            <translation>Edited summary saved; the next request uses it.</translation>
        </message>
        <message>
            <source>Wait for the answer to finish, then save the edit.</source>
            <translation>Wait for the answer to finish, then save the edit.</translation>
        </message>
        <message>
            <source>Tools</source>
            <translation>Tools</translation>
        </message>
        <message>
            <source>Settings saved; they apply when this answer ends.</source>
            <translation>Settings saved; they apply when this answer ends.</translation>
        </message>
        <message>
            <source>The API key was not saved: %1.</source>
            <translation>The API key was not saved: %1.</translation>
        </message>
        <message>
            <source>Not saved: %1.</source>
            <translation>Not saved: %1.</translation>
        </message>
        <message>
            <source>Exported to %1</source>
            <translation>Exported to %1</translation>
        </message>
        <message>
            <source>The model's summary failed (%1). The conversation was compacted with an extractive summary built without a model instead: your newest messages verbatim, the files and the tool calls. The full history stays in the session.</source>
            <translation>The model's summary failed (%1). The conversation was compacted with an extractive summary built without a model instead: your newest messages verbatim, the files and the tool calls. The full history stays in the session.</translation>
        </message>
        <message numerus="yes">
            <source>Compacted %Ln message(s): %1 → %2 tokens</source>
            <translation>
                <numerusform>Compacted %Ln message: %1 → %2 tokens</numerusform>
                <numerusform>Compacted %Ln messages: %1 → %2 tokens</numerusform>
            </translation>
        </message>
        <message>
            <source>The model's first answer was not a summary (%1); one repair request got a proper summary. The full history stays in the session.</source>
            <translation>The model's first answer was not a summary (%1); one repair request got a proper summary. The full history stays in the session.</translation>
        </message>
        <message>
            <source>Sent. The answer is being written.</source>
            <translation>Sent. The answer is being written.</translation>
        </message>
        <message>
            <source>Compacting the conversation…</source>
            <translation>Compacting the conversation…</translation>
        </message>
        <message>
            <source>Context is full: summarizing…</source>
            <translation>Context is full: summarizing…</translation>
        </message>
        <message>
            <source>%1 Your message was not sent and is still in the input box.</source>
            <translation>%1 Your message was not sent and is still in the input box.</translation>
        </message>
        <message>
            <source>The answer failed: %1</source>
            <translation>The answer failed: %1</translation>
        </message>
        <message>
            <source>Stop the answer (Esc)</source>
            <translation>Stop the answer (Esc)</translation>
        </message>
        <message>
            <source>Send (Enter)</source>
            <translation>Send (Enter)</translation>
        </message>
        <message>
            <source>The answer was stopped.</source>
            <translation>The answer was stopped.</translation>
        </message>
        <message>
            <source>The answer is complete.</source>
            <translation>The answer is complete.</translation>
        </message>
        <message>
            <source>Answer: %1</source>
            <translation>Answer: %1</translation>
        </message>
        <message>
            <source>Wait for the run to finish, then try again.</source>
            <translation>Wait for the run to finish, then try again.</translation>
        </message>
        <message>
            <source>Try the model's summary again</source>
            <translation>Try the model's summary again</translation>
        </message>
        <message>
            <source>%1 (fork)</source>
            <translation>%1 (fork)</translation>
        </message>
        <message>
            <source>Can't go back there in this session: that message lies below the compaction floor, and its history was summarized — continuing from it would leave a gap the summary does not cover. Fork a new session from that point instead.</source>
            <translation>Can't go back there in this session: that message lies below the compaction floor, and its history was summarized — continuing from it would leave a gap the summary does not cover. Fork a new session from that point instead.</translation>
        </message>
        <message>
            <source>Fork to new session from here</source>
            <translation>Fork to new session from here</translation>
        </message>
        <message>
            <source>Opened the fork in a new session.</source>
            <translation>Opened the fork in a new session.</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>Dismiss</translation>
        </message>
        <message>
            <source>Session</source>
            <translation>Session</translation>
        </message>
        <message>
            <source>System prompt changed; your next message uses it.</source>
            <translation>System prompt changed; your next message uses it.</translation>
        </message>
        <message>
            <source>Session: %1</source>
            <translation>Session: %1</translation>
        </message>
        <message>
            <source>Wait for the answer to finish to change the prompt.</source>
            <translation>Wait for the answer to finish to change the prompt.</translation>
        </message>
        <message>
            <source>The system prompt was not changed: %1</source>
            <translation>The system prompt was not changed: %1</translation>
        </message>
        <message numerus="yes">
            <source>Compacted %n message(s): %1 → %2 tokens</source>
            <translation type="obsolete">
                <numerusform>Compacted %n message: %1 → %2 tokens</numerusform>
                <numerusform>Compacted %n messages: %1 → %2 tokens</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Markdown</name>
        <message>
            <source>Copy</source>
            <translation>Copy</translation>
        </message>
        <message>
            <source>Scroll</source>
            <translation>Scroll</translation>
        </message>
        <message>
            <source>Wrap</source>
            <translation>Wrap</translation>
        </message>
        <message>
            <source>Message text</source>
            <translation>Message text</translation>
        </message>
        <message>
            <source>The text of one message, read-only; its links ask before they open.</source>
            <translation>The text of one message, read-only; its links ask before they open.</translation>
        </message>
        <message>
            <source>Receiving a long answer: %1 characters so far; too long for markdown, it shows as plain text (Show all once it has ended).</source>
            <translation>Receiving a long answer: %1 characters so far; too long for markdown, it shows as plain text (Show all once it has ended).</translation>
        </message>
        <message>
            <source>Showing the first %1 of %2 characters as plain text (too long to lay out as markdown).</source>
            <translation>Showing the first %1 of %2 characters as plain text (too long to lay out as markdown).</translation>
        </message>
        <message>
            <source>Whole message</source>
            <translation>Whole message</translation>
        </message>
        <message>
            <source>Show all</source>
            <translation>Show all</translation>
        </message>
        <message>
            <source>Copy all</source>
            <translation>Copy all</translation>
        </message>
    </context>
    <context>
        <name>McpApproval</name>
        <message>
            <source>Servers describe their own tools; this is not verified.</source>
            <translation>Servers describe their own tools; this is not verified.</translation>
        </message>
        <message>
            <source>Allow an MCP tool?</source>
            <translation>Allow an MCP tool?</translation>
        </message>
        <message>
            <source>The MCP server &lt;b&gt;%1&lt;/b&gt; wants to run its tool &lt;b&gt;%2&lt;/b&gt;%3.</source>
            <translation>The MCP server &lt;b&gt;%1&lt;/b&gt; wants to run its tool &lt;b&gt;%2&lt;/b&gt;%3.</translation>
        </message>
        <message>
            <source>The server says this tool is: %1.</source>
            <translation>The server says this tool is: %1.</translation>
        </message>
        <message>
            <source>The server says nothing about what this tool changes.</source>
            <translation>The server says nothing about what this tool changes.</translation>
        </message>
        <message>
            <source>&amp;Arguments:</source>
            <translation>&amp;Arguments:</translation>
        </message>
        <message>
            <source>Arguments</source>
            <translation>Arguments</translation>
        </message>
        <message>
            <source>The arguments the model gave the tool, read-only.</source>
            <translation>The arguments the model gave the tool, read-only.</translation>
        </message>
        <message>
            <source>⚠ The call contains characters that show as nothing or reorder the text around them, written out as ⟦U+…⟧: %1.</source>
            <translation>⚠ The call contains characters that show as nothing or reorder the text around them, written out as ⟦U+…⟧: %1.</translation>
        </message>
        <message>
            <source>Allow &amp;once</source>
            <translation>Allow &amp;once</translation>
        </message>
        <message>
            <source>Allow this tool for this &amp;session</source>
            <translation>Allow this tool for this &amp;session</translation>
        </message>
        <message>
            <source>&amp;Always allow this tool</source>
            <translation>&amp;Always allow this tool</translation>
        </message>
        <message>
            <source>&amp;Deny</source>
            <translation>&amp;Deny</translation>
        </message>
        <message>
            <source>Deny a&amp;ll until this answer ends</source>
            <translation>Deny a&amp;ll until this answer ends</translation>
        </message>
        <message>
            <source>Run this call now; the next one asks again</source>
            <translation>Run this call now; the next one asks again</translation>
        </message>
        <message>
            <source>Calls of this tool run without asking until the session ends</source>
            <translation>Calls of this tool run without asking until the session ends</translation>
        </message>
        <message>
            <source>Calls of this tool never ask again</source>
            <translation>Calls of this tool never ask again</translation>
        </message>
        <message>
            <source>Refuse this call; the model is told</source>
            <translation>Refuse this call; the model is told</translation>
        </message>
        <message>
            <source>Refuse this and every call until the current answer ends</source>
            <translation>Refuse this and every call until the current answer ends</translation>
        </message>
    </context>
    <context>
        <name>McpPage</name>
        <message>
            <source>● connected</source>
            <translation>● connected</translation>
        </message>
        <message>
            <source>◌ starting…</source>
            <translation>◌ starting…</translation>
        </message>
        <message>
            <source>✕ failed</source>
            <translation>✕ failed</translation>
        </message>
        <message>
            <source>○ not started</source>
            <translation>○ not started</translation>
        </message>
        <message>
            <source>off</source>
            <translation>off</translation>
        </message>
        <message>
            <source>Add MCP servers from JSON</source>
            <translation>Add MCP servers from JSON</translation>
        </message>
        <message>
            <source>Paste a {"mcpServers": …} block, as the server's README shows it.</source>
            <translation>Paste a {"mcpServers": …} block, as the server's README shows it.</translation>
        </message>
        <message>
            <source>MCP servers JSON</source>
            <translation>MCP servers JSON</translation>
        </message>
        <message>
            <source>A {"mcpServers": …} block to add to the servers.</source>
            <translation>A {"mcpServers": …} block to add to the servers.</translation>
        </message>
        <message>
            <source>Output of %1</source>
            <translation>Output of %1</translation>
        </message>
        <message>
            <source>What the server wrote to its error output, read-only.</source>
            <translation>What the server wrote to its error output, read-only.</translation>
        </message>
        <message>
            <source>MCP servers add tools from other programs. Each tool asks before it runs, whatever the workspace approval setting, until you allow it.</source>
            <translation>MCP servers add tools from other programs. Each tool asks before it runs, whatever the workspace approval setting, until you allow it.</translation>
        </message>
        <message>
            <source>&amp;Start servers</source>
            <translation>&amp;Start servers</translation>
        </message>
        <message>
            <source>When the MCP servers are started.</source>
            <translation>When the MCP servers are started.</translation>
        </message>
        <message>
            <source>Don't ask for tools the server marks read-only</source>
            <translation>Don't ask for tools the server marks read-only</translation>
        </message>
        <message>
            <source>The server declares this itself; pi-desktop cannot check it.</source>
            <translation>The server declares this itself; pi-desktop cannot check it.</translation>
        </message>
        <message>
            <source>MCP servers and their tools</source>
            <translation>MCP servers and their tools</translation>
        </message>
        <message>
            <source>Space switches a server on or off; a tool's third column always allows it.</source>
            <translation>Space switches a server on or off; a tool's third column always allows it.</translation>
        </message>
        <message>
            <source>&amp;Import file…</source>
            <translation>&amp;Import file…</translation>
        </message>
        <message>
            <source>&amp;Paste JSON…</source>
            <translation>&amp;Paste JSON…</translation>
        </message>
        <message>
            <source>Re&amp;start</source>
            <translation>Re&amp;start</translation>
        </message>
        <message>
            <source>Show &amp;output</source>
            <translation>Show &amp;output</translation>
        </message>
        <message>
            <source>&amp;Remove</source>
            <translation>&amp;Remove</translation>
        </message>
        <message>
            <source>Add the servers of a Claude Desktop config file</source>
            <translation>Add the servers of a Claude Desktop config file</translation>
        </message>
        <message>
            <source>Add servers from a pasted JSON block</source>
            <translation>Add servers from a pasted JSON block</translation>
        </message>
        <message>
            <source>Stop and start the selected server</source>
            <translation>Stop and start the selected server</translation>
        </message>
        <message>
            <source>What the selected server wrote to its output</source>
            <translation>What the selected server wrote to its output</translation>
        </message>
        <message>
            <source>Remove the selected server from the list</source>
            <translation>Remove the selected server from the list</translation>
        </message>
        <message>
            <source>Failed: %1</source>
            <translation>Failed: %1</translation>
        </message>
        <message>
            <source>Import MCP servers</source>
            <translation>Import MCP servers</translation>
        </message>
        <message>
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;All files (*)</translation>
        </message>
        <message>
            <source>Not added: the block lists no servers.</source>
            <translation>Not added: the block lists no servers.</translation>
        </message>
        <message>
            <source>(nothing yet)</source>
            <translation>(nothing yet)</translation>
        </message>
        <message>
            <source>Server / tool</source>
            <translation>Server / tool</translation>
        </message>
        <message>
            <source>State</source>
            <translation>State</translation>
        </message>
        <message>
            <source>Always allow</source>
            <translation>Always allow</translation>
        </message>
        <message>
            <source>This run uses %1 (--mcp-config): changes here last until the app closes and are not saved.</source>
            <translation>This run uses %1 (--mcp-config): changes here last until the app closes and are not saved.</translation>
        </message>
        <message>
            <source>No MCP servers yet: import a config file or paste JSON.</source>
            <translation>No MCP servers yet: import a config file or paste JSON.</translation>
        </message>
        <message>
            <source>%1 of its tools are not offered: the model takes at most %2 tools in all (switch other servers off to make room).</source>
            <translation>%1 of its tools are not offered: the model takes at most %2 tools in all (switch other servers off to make room).</translation>
        </message>
        <message>
            <source>Not added: %1</source>
            <translation>Not added: %1</translation>
        </message>
        <message>
            <source>Switch the server on or off</source>
            <translation>Switch the server on or off</translation>
        </message>
        <message numerus="yes">
            <source>%Ln tool(s) offered to the model.</source>
            <translation>
                <numerusform>%Ln tool offered to the model.</numerusform>
                <numerusform>%Ln tools offered to the model.</numerusform>
            </translation>
        </message>
        <message>
            <source>Not imported: %1</source>
            <translation>Not imported: %1</translation>
        </message>
        <message numerus="yes">
            <source>%Ln tool(s) known from its last run; it starts at the first call.</source>
            <translation>
                <numerusform>%Ln tool known from its last run; it starts at the first call.</numerusform>
                <numerusform>%Ln tools known from its last run; it starts at the first call.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n tool(s) offered to the model.</source>
            <translation type="obsolete">
                <numerusform>%n tool offered to the model.</numerusform>
                <numerusform>%n tools offered to the model.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n tool(s) known from its last run; it starts at the first call.</source>
            <translation type="obsolete">
                <numerusform>%n tool known from its last run; it starts at the first call.</numerusform>
                <numerusform>%n tools known from its last run; it starts at the first call.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>McpRuntime</name>
        <message>
            <source>When the app starts</source>
            <translation>When the app starts</translation>
        </message>
        <message>
            <source>At the first call of one of its tools</source>
            <translation>At the first call of one of its tools</translation>
        </message>
        <message>
            <source>%1: no such file</source>
            <translation>%1: no such file</translation>
        </message>
    </context>
    <context>
        <name>MessageCard</name>
        <message>
            <source>Copy</source>
            <translation>Copy</translation>
        </message>
        <message>
            <source>Copy this code block to the clipboard</source>
            <translation>Copy this code block to the clipboard</translation>
        </message>
        <message>
            <source>code</source>
            <translation>code</translation>
        </message>
        <message>
            <source>%1 · showing part of %2 characters; Copy copies all of it</source>
            <translation>%1 · showing part of %2 characters; Copy copies all of it</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copied</translation>
        </message>
        <message>
            <source>You</source>
            <translation>You</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>Assistant</translation>
        </message>
        <message>
            <source>System</source>
            <translation>System</translation>
        </message>
        <message>
            <source>Copy this message</source>
            <translation>Copy this message</translation>
        </message>
        <message>
            <source>Pin</source>
            <translation>Pin</translation>
        </message>
        <message>
            <source>Pin: keep this message verbatim in every request (Ctrl+P)</source>
            <translation>Pin: keep this message verbatim in every request (Ctrl+P)</translation>
        </message>
        <message>
            <source>⚑ pinned</source>
            <translation>⚑ pinned</translation>
        </message>
        <message>
            <source>Pinned: sent verbatim in every request, never summarized</source>
            <translation>Pinned: sent verbatim in every request, never summarized</translation>
        </message>
        <message>
            <source>You stopped this answer; it is kept as it was.</source>
            <translation>You stopped this answer; it is kept as it was.</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Edit</translation>
        </message>
        <message>
            <source>Edit this message and send it again</source>
            <translation>Edit this message and send it again</translation>
        </message>
        <message>
            <source>Unpin: let the context layers shorten or summarize it again (Ctrl+P)</source>
            <translation>Unpin: let the context layers shorten or summarize it again (Ctrl+P)</translation>
        </message>
        <message>
            <source>Code copied</source>
            <translation>Code copied</translation>
        </message>
        <message>
            <source>Message copied</source>
            <translation>Message copied</translation>
        </message>
        <message>
            <source>compacted on request</source>
            <translation>compacted on request</translation>
        </message>
        <message>
            <source>compacted</source>
            <translation>compacted</translation>
        </message>
        <message>
            <source>edited by you ·</source>
            <translation>edited by you ·</translation>
        </message>
        <message>
            <source>view summary</source>
            <translation>view summary</translation>
        </message>
        <message>
            <source>Open the summary history at this compaction</source>
            <translation>Open the summary history at this compaction</translation>
        </message>
        <message>
            <source>You edited this summary; the next requests carry your text. The original stays in the summary history.</source>
            <translation>You edited this summary; the next requests carry your text. The original stays in the summary history.</translation>
        </message>
        <message>
            <source>%1 → %2 tokens</source>
            <translation>%1 → %2 tokens</translation>
        </message>
        <message>
            <source>(extractive)</source>
            <translation>(extractive)</translation>
        </message>
        <message>
            <source>Extractive summary: the model's summary failed, so this one was built without a model (your newest messages verbatim, the files, the tool calls).</source>
            <translation>Extractive summary: the model's summary failed, so this one was built without a model (your newest messages verbatim, the files, the tool calls).</translation>
        </message>
        <message numerus="yes">
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln message</numerusform>
                <numerusform>%Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <source>A tool call: Space shows or hides its arguments and result.</source>
            <translation>A tool call: Space shows or hides its arguments and result.</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>Result</translation>
        </message>
        <message>
            <source>running…</source>
            <translation>running…</translation>
        </message>
        <message>
            <source>Arguments</source>
            <translation>Arguments</translation>
        </message>
        <message>
            <source>… (%1 more characters)</source>
            <translation>… (%1 more characters)</translation>
        </message>
        <message>
            <source>%1 the tool read</source>
            <translation>%1 the tool read</translation>
        </message>
        <message>
            <source>%1 characters</source>
            <translation>%1 characters</translation>
        </message>
        <message>
            <source>Open the saved result ↗  (%1: %2)</source>
            <translation>Open the saved result ↗  (%1: %2)</translation>
        </message>
        <message>
            <source>Saved to %1 to keep the context small</source>
            <translation>Saved to %1 to keep the context small</translation>
        </message>
        <message>
            <source>%1 chars</source>
            <translation>%1 chars</translation>
        </message>
        <message>
            <source>saved to file</source>
            <translation>saved to file</translation>
        </message>
    </context>
    <context>
        <name>Probe</name>
        <message>
            <source>Fidelity probe</source>
            <translation>Fidelity probe</translation>
        </message>
        <message>
            <source>Running the scripted conversation…</source>
            <translation>Running the scripted conversation…</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Close</translation>
        </message>
        <message>
            <source>Some runs failed: a failed run is reported below, not scored.</source>
            <translation>Some runs failed: a failed run is reported below, not scored.</translation>
        </message>
        <message>
            <source>What survived compaction, per probe kind (exact match for codewords and paths, keyword overlap for the rest):</source>
            <translation>What survived compaction, per probe kind (exact match for codewords and paths, keyword overlap for the rest):</translation>
        </message>
        <message>
            <source>The probe failed: %1: %2</source>
            <translation>The probe failed: %1: %2</translation>
        </message>
    </context>
    <context>
        <name>SafeText</name>
        <message>
            <source>Open link?</source>
            <translation>Open link?</translation>
        </message>
        <message>
            <source>Open this address in your web browser?</source>
            <translation>Open this address in your web browser?</translation>
        </message>
        <message>
            <source>Link not opened</source>
            <translation>Link not opened</translation>
        </message>
        <message>
            <source>Only web links (http, https) open from here. This link was not opened:</source>
            <translation>Only web links (http, https) open from here. This link was not opened:</translation>
        </message>
        <message>
            <source>Copy link</source>
            <translation>Copy link</translation>
        </message>
    </context>
    <context>
        <name>Sessions</name>
        <message>
            <source>Sessions</source>
            <translation>Sessions</translation>
        </message>
        <message>
            <source>The saved sessions, newest first. Enter opens the selected one.</source>
            <translation>The saved sessions, newest first. Enter opens the selected one.</translation>
        </message>
        <message>
            <source>New session</source>
            <translation>New session</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Open</translation>
        </message>
        <message>
            <source>Rename</source>
            <translation>Rename</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>Delete</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Close</translation>
        </message>
        <message>
            <source>Start a new session (Ctrl+N)</source>
            <translation>Start a new session (Ctrl+N)</translation>
        </message>
        <message>
            <source>Open the selected session (Enter)</source>
            <translation>Open the selected session (Enter)</translation>
        </message>
        <message>
            <source>Give the selected session a title (F2)</source>
            <translation>Give the selected session a title (F2)</translation>
        </message>
        <message>
            <source>Move the selected session to the trash</source>
            <translation>Move the selected session to the trash</translation>
        </message>
        <message>
            <source>Close this window</source>
            <translation>Close this window</translation>
        </message>
        <message>
            <source>Moved to the trash.</source>
            <translation>Moved to the trash.</translation>
        </message>
        <message>
            <source>Title</source>
            <translation>Title</translation>
        </message>
        <message>
            <source>Updated</source>
            <translation>Updated</translation>
        </message>
        <message>
            <source>Messages</source>
            <translation>Messages</translation>
        </message>
        <message numerus="yes">
            <source>The session index had %Ln invalid entry(ies); those sessions were read again from their files.</source>
            <translation>
                <numerusform>The session index had %Ln invalid entry; those sessions were read again from their files.</numerusform>
                <numerusform>The session index had %Ln invalid entries; those sessions were read again from their files.</numerusform>
            </translation>
        </message>
        <message>
            <source>This session is open in the window; open another one first.</source>
            <translation>This session is open in the window; open another one first.</translation>
        </message>
        <message>
            <source>Click again to delete</source>
            <translation>Click again to delete</translation>
        </message>
        <message>
            <source>Deleted sessions go to the trash (kept 30 days).</source>
            <translation>Deleted sessions go to the trash (kept 30 days).</translation>
        </message>
        <message>
            <source>Could not rename: %1</source>
            <translation>Could not rename: %1</translation>
        </message>
        <message>
            <source>Could not delete: %1</source>
            <translation>Could not delete: %1</translation>
        </message>
        <message>
            <source>Cannot open %1: %2</source>
            <translation>Cannot open %1: %2</translation>
        </message>
        <message>
            <source>Cannot open %1: you have no permission to read it. Check the file's permissions (or its folder's) and try again.</source>
            <translation>Cannot open %1: you have no permission to read it. Check the file's permissions (or its folder's) and try again.</translation>
        </message>
        <message>
            <source>Cannot open %1: the file is gone (moved or deleted since it was listed).</source>
            <translation>Cannot open %1: the file is gone (moved or deleted since it was listed).</translation>
        </message>
        <message>
            <source>Cannot open %1: it is a folder, not a session file.</source>
            <translation>Cannot open %1: it is a folder, not a session file.</translation>
        </message>
        <message>
            <source>Cannot open %1: %2.</source>
            <translation>Cannot open %1: %2.</translation>
        </message>
        <message>
            <source>Cannot open %1: its name or content is not valid text.</source>
            <translation>Cannot open %1: its name or content is not valid text.</translation>
        </message>
        <message>
            <source>Cannot open %1 from the library: its name is not one pi-desktop gives sessions (letters, digits, - and _ only). Open it with File → Open session, or rename the file.</source>
            <translation>Cannot open %1 from the library: its name is not one pi-desktop gives sessions (letters, digits, - and _ only). Open it with File → Open session, or rename the file.</translation>
        </message>
        <message>
            <source>Showing the message that matched “%1”.</source>
            <translation>Showing the message that matched “%1”.</translation>
        </message>
        <message>
            <source>Showing the message.</source>
            <translation>Showing the message.</translation>
        </message>
        <message>
            <source>Filter sessions</source>
            <translation>Filter sessions</translation>
        </message>
        <message>
            <source>Search sessions</source>
            <translation>Search sessions</translation>
        </message>
        <message>
            <source>Search titles and the text of every message (↓ moves into the list, Enter opens)</source>
            <translation>Search titles and the text of every message (↓ moves into the list, Enter opens)</translation>
        </message>
        <message>
            <source>New</source>
            <translation>New</translation>
        </message>
        <message>
            <source>Newest first. Enter opens the session, F2 renames it, Delete moves it to the trash.</source>
            <translation>Newest first. Enter opens the session, F2 renames it, Delete moves it to the trash.</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Undo</translation>
        </message>
        <message>
            <source>Bring the deleted session back</source>
            <translation>Bring the deleted session back</translation>
        </message>
        <message>
            <source>Trash</source>
            <translation>Trash</translation>
        </message>
        <message>
            <source>Deleted sessions: restore them within 30 days</source>
            <translation>Deleted sessions: restore them within 30 days</translation>
        </message>
        <message numerus="yes">
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln message</numerusform>
                <numerusform>%Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <source>answering…</source>
            <translation>answering…</translation>
        </message>
        <message>
            <source>Trash (%1)</source>
            <translation>Trash (%1)</translation>
        </message>
        <message>
            <source>No session matches “%1” yet: the search is still reading the sessions.</source>
            <translation>No session matches “%1” yet: the search is still reading the sessions.</translation>
        </message>
        <message>
            <source>an answer is streaming</source>
            <translation>an answer is streaming</translation>
        </message>
        <message numerus="yes">
            <source>%Ln matching message(s) · Enter opens the newest</source>
            <translation>
                <numerusform>%Ln matching message · Enter opens the newest</numerusform>
                <numerusform>%Ln matching messages · Enter opens the newest</numerusform>
            </translation>
        </message>
        <message>
            <source>No session matches “%1”.</source>
            <translation>No session matches “%1”.</translation>
        </message>
        <message>
            <source>The search is still reading the sessions: more may match.</source>
            <translation>The search is still reading the sessions: more may match.</translation>
        </message>
        <message>
            <source>Found in many messages: the newest are shown. Add a word.</source>
            <translation>Found in many messages: the newest are shown. Add a word.</translation>
        </message>
        <message>
            <source>Sessions &amp;sidebar</source>
            <translation>Sessions &amp;sidebar</translation>
        </message>
        <message>
            <source>&amp;Rename session</source>
            <translation>&amp;Rename session</translation>
        </message>
        <message>
            <source>this session</source>
            <translation>this session</translation>
        </message>
        <message>
            <source>An answer is streaming in “%1”. Stop it (Esc) before switching sessions.</source>
            <translation>An answer is streaming in “%1”. Stop it (Esc) before switching sessions.</translation>
        </message>
        <message>
            <source>Stop the answer (Esc) before switching.</source>
            <translation>Stop the answer (Esc) before switching.</translation>
        </message>
        <message>
            <source>Deleted “%1”.</source>
            <translation>Deleted “%1”.</translation>
        </message>
        <message>
            <source>Restored “%1”.</source>
            <translation>Restored “%1”.</translation>
        </message>
        <message>
            <source>Message search is unavailable (titles still match): %1</source>
            <translation>Message search is unavailable (titles still match): %1</translation>
        </message>
        <message>
            <source>“%1” was not deleted: %2</source>
            <translation>“%1” was not deleted: %2</translation>
        </message>
        <message>
            <source>The trash could not be cleaned up: %1</source>
            <translation>The trash could not be cleaned up: %1</translation>
        </message>
        <message>
            <source>Could not restore: %1</source>
            <translation>Could not restore: %1</translation>
        </message>
        <message>
            <source>Could not empty the trash: %1</source>
            <translation>Could not empty the trash: %1</translation>
        </message>
        <message>
            <source>deleted %1 · %2</source>
            <translation>deleted %1 · %2</translation>
        </message>
        <message>
            <source>less than a day left</source>
            <translation>less than a day left</translation>
        </message>
        <message numerus="yes">
            <source>%Ln day(s) left</source>
            <translation>
                <numerusform>%Ln day left</numerusform>
                <numerusform>%Ln days left</numerusform>
            </translation>
        </message>
        <message>
            <source>← Sessions</source>
            <translation>← Sessions</translation>
        </message>
        <message>
            <source>Back to the sessions (Esc)</source>
            <translation>Back to the sessions (Esc)</translation>
        </message>
        <message>
            <source>Deleted sessions stay here for 30 days.</source>
            <translation>Deleted sessions stay here for 30 days.</translation>
        </message>
        <message>
            <source>The trash is empty.</source>
            <translation>The trash is empty.</translation>
        </message>
        <message>
            <source>Restore</source>
            <translation>Restore</translation>
        </message>
        <message>
            <source>Delete forever</source>
            <translation>Delete forever</translation>
        </message>
        <message>
            <source>Empty trash</source>
            <translation>Empty trash</translation>
        </message>
        <message>
            <source>Put the selected session back in the list</source>
            <translation>Put the selected session back in the list</translation>
        </message>
        <message>
            <source>Delete the selected session for good</source>
            <translation>Delete the selected session for good</translation>
        </message>
        <message>
            <source>Delete every session in the trash for good</source>
            <translation>Delete every session in the trash for good</translation>
        </message>
        <message>
            <source>Restore it, or it is removed on %1.</source>
            <translation>Restore it, or it is removed on %1.</translation>
        </message>
        <message>
            <source>Click again to delete %1 for good</source>
            <translation>Click again to delete %1 for good</translation>
        </message>
    </context>
    <context>
        <name>Settings</name>
        <message>
            <source>Given with --workspace for this run. Change it here to use another folder.</source>
            <translation>Given with --workspace for this run. Change it here to use another folder.</translation>
        </message>
        <message>
            <source>This session's folder (none is set in Settings).</source>
            <translation>This session's folder (none is set in Settings).</translation>
        </message>
        <message>
            <source>The folder the app was started in (none is set). Choose one to keep it.</source>
            <translation>The folder the app was started in (none is set). Choose one to keep it.</translation>
        </message>
        <message>
            <source>%1 – %2</source>
            <translation>%1 – %2</translation>
        </message>
        <message>
            <source>system keyring (%1)</source>
            <translation>system keyring (%1)</translation>
        </message>
        <message>
            <source>local file readable only by you: %1</source>
            <translation>local file readable only by you: %1</translation>
        </message>
        <message>
            <source>Summarize them before they leave the context (recommended)</source>
            <translation>Summarize them before they leave the context (recommended)</translation>
        </message>
        <message>
            <source>Drop them without a summary (no extra calls; the model forgets them)</source>
            <translation>Drop them without a summary (no extra calls; the model forgets them)</translation>
        </message>
        <message>
            <source>Summarize them past a fixed 50 messages (the seed's limit)</source>
            <translation>Summarize them past a fixed 50 messages (the seed's limit)</translation>
        </message>
        <message>
            <source>Drop them past a fixed 50 messages (the seed's L1)</source>
            <translation>Drop them past a fixed 50 messages (the seed's L1)</translation>
        </message>
        <message>
            <source>As the provider does</source>
            <translation>As the provider does</translation>
        </message>
        <message>
            <source>On</source>
            <translation>On</translation>
        </message>
        <message>
            <source>Off</source>
            <translation>Off</translation>
        </message>
        <message>
            <source>default</source>
            <comment>reasoning effort</comment>
            <translation>default</translation>
        </message>
        <message>
            <source>low</source>
            <comment>reasoning effort</comment>
            <translation>low</translation>
        </message>
        <message>
            <source>medium</source>
            <comment>reasoning effort</comment>
            <translation>medium</translation>
        </message>
        <message>
            <source>high</source>
            <comment>reasoning effort</comment>
            <translation>high</translation>
        </message>
        <message>
            <source>Ask before every write or command</source>
            <translation>Ask before every write or command</translation>
        </message>
        <message>
            <source>Approve automatically</source>
            <translation>Approve automatically</translation>
        </message>
        <message>
            <source>Deny all writes and commands</source>
            <translation>Deny all writes and commands</translation>
        </message>
        <message>
            <source>Enter a number: %1.</source>
            <translation>Enter a number: %1.</translation>
        </message>
        <message>
            <source>At least %1.</source>
            <translation>At least %1.</translation>
        </message>
        <message>
            <source>At most %1.</source>
            <translation>At most %1.</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>Settings</translation>
        </message>
        <message>
            <source>Who answers: a cloud service, a local server or the offline demo</source>
            <translation>Who answers: a cloud service, a local server or the offline demo</translation>
        </message>
        <message>
            <source>Provider</source>
            <translation>Provider</translation>
        </message>
        <message>
            <source>The model's name as the provider spells it</source>
            <translation>The model's name as the provider spells it</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Model</translation>
        </message>
        <message>
            <source>The address of the provider's OpenAI-compatible API</source>
            <translation>The address of the provider's OpenAI-compatible API</translation>
        </message>
        <message>
            <source>Base URL</source>
            <translation>Base URL</translation>
        </message>
        <message>
            <source>The provider's API key; it is never shown and never written into the settings</source>
            <translation>The provider's API key; it is never shown and never written into the settings</translation>
        </message>
        <message>
            <source>&amp;Forget stored key</source>
            <translation>&amp;Forget stored key</translation>
        </message>
        <message>
            <source>Remove the key stored for this provider</source>
            <translation>Remove the key stored for this provider</translation>
        </message>
        <message>
            <source>API key</source>
            <translation>API key</translation>
        </message>
        <message>
            <source>Price per 1M tokens</source>
            <translation>Price per 1M tokens</translation>
        </message>
        <message>
            <source>Thinking models reason before they answer (shown in a Thinking block). Off: faster
and cheaper answers on providers that can switch it (DeepSeek, Qwen, OpenRouter).</source>
            <translation>Thinking models reason before they answer (shown in a Thinking block). Off: faster
and cheaper answers on providers that can switch it (DeepSeek, Qwen, OpenRouter).</translation>
        </message>
        <message>
            <source>How long the model may think, where the provider takes it</source>
            <translation>How long the model may think, where the provider takes it</translation>
        </message>
        <message>
            <source>&amp;effort</source>
            <translation>&amp;effort</translation>
        </message>
        <message>
            <source>Thinking</source>
            <translation>Thinking</translation>
        </message>
        <message>
            <source>A cheaper model that writes the summaries (empty: the chat model)</source>
            <translation>A cheaper model that writes the summaries (empty: the chat model)</translation>
        </message>
        <message>
            <source>same as the chat model</source>
            <translation>same as the chat model</translation>
        </message>
        <message>
            <source>Summarizer model</source>
            <translation>Summarizer model</translation>
        </message>
        <message>
            <source> tokens</source>
            <translation> tokens</translation>
        </message>
        <message>
            <source>The most tokens one request may carry; the budget bar counts up to it</source>
            <translation>The most tokens one request may carry; the budget bar counts up to it</translation>
        </message>
        <message>
            <source>tokens</source>
            <translation>tokens</translation>
        </message>
        <message>
            <source>Context budget</source>
            <translation>Context budget</translation>
        </message>
        <message>
            <source>The share of the budget at which older turns are summarized</source>
            <translation>The share of the budget at which older turns are summarized</translation>
        </message>
        <message>
            <source>of the budget</source>
            <translation>of the budget</translation>
        </message>
        <message>
            <source>Compact at</source>
            <translation>Compact at</translation>
        </message>
        <message>
            <source>automatic (a quarter of the budget)</source>
            <translation>automatic (a quarter of the budget)</translation>
        </message>
        <message>
            <source>How many of the newest tokens a summary always leaves verbatim</source>
            <translation>How many of the newest tokens a summary always leaves verbatim</translation>
        </message>
        <message>
            <source>tokens (half the budget)</source>
            <translation>tokens (half the budget)</translation>
        </message>
        <message>
            <source>Keep recent</source>
            <translation>Keep recent</translation>
        </message>
        <message>
            <source> characters/s</source>
            <translation> characters/s</translation>
        </message>
        <message>
            <source>instant</source>
            <translation>instant</translation>
        </message>
        <message>
            <source>characters/s</source>
            <translation>characters/s</translation>
        </message>
        <message>
            <source>How fast the offline demo streams its answers, so Stop (Esc) can be tried.</source>
            <translation>How fast the offline demo streams its answers, so Stop (Esc) can be tried.</translation>
        </message>
        <message>
            <source>Offline demo speed</source>
            <translation>Offline demo speed</translation>
        </message>
        <message>
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <source>The longest a whole response may take.</source>
            <translation>The longest a whole response may take.</translation>
        </message>
        <message>
            <source>s</source>
            <translation>s</translation>
        </message>
        <message>
            <source>Response deadline</source>
            <translation>Response deadline</translation>
        </message>
        <message>
            <source>A stream with no new text for this long is retried (keep-alives do not count).</source>
            <translation>A stream with no new text for this long is retried (keep-alives do not count).</translation>
        </message>
        <message>
            <source>s (at most the response deadline)</source>
            <translation>s (at most the response deadline)</translation>
        </message>
        <message>
            <source>Stall timeout</source>
            <translation>Stall timeout</translation>
        </message>
        <message>
            <source>When the conversation grows past the message limit, older messages leave the
context. The limit follows the context budget (about one message per 64 tokens,
at least 50), so a summary runs when the window needs one; the seed's fixed 50
messages can be chosen instead. Summarized, their content stays known to the
model (one summary call each time); dropped, the model forgets them.</source>
            <translation>When the conversation grows past the message limit, older messages leave the
context. The limit follows the context budget (about one message per 64 tokens,
at least 50), so a summary runs when the window needs one; the seed's fixed 50
messages can be chosen instead. Summarized, their content stays known to the
model (one summary call each time); dropped, the model forgets them.</translation>
        </message>
        <message>
            <source>Older messages</source>
            <translation>Older messages</translation>
        </message>
        <message>
            <source>Summarize a branch I leave by rewinding</source>
            <translation>Summarize a branch I leave by rewinding</translation>
        </message>
        <message>
            <source>On: going back leaves a short note of what the abandoned branch did, sent as
context while the conversation passes that point (one summarizer call).
Remove a note from the tree's context menu.</source>
            <translation>On: going back leaves a short note of what the abandoned branch did, sent as
context while the conversation passes that point (one summarizer call).
Remove a note from the tree's context menu.</translation>
        </message>
        <message>
            <source>The only folder the tools may read and write</source>
            <translation>The only folder the tools may read and write</translation>
        </message>
        <message>
            <source>the folder the tools may read and write</source>
            <translation>the folder the tools may read and write</translation>
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation>&amp;Browse…</translation>
        </message>
        <message>
            <source>Choose the workspace folder</source>
            <translation>Choose the workspace folder</translation>
        </message>
        <message>
            <source>Workspace</source>
            <translation>Workspace</translation>
        </message>
        <message>
            <source>Show web images in messages (fetched from their site)</source>
            <translation>Show web images in messages (fetched from their site)</translation>
        </message>
        <message>
            <source>Off: images are never fetched (a model can use them to track you).
Local files are never shown, whatever this says.</source>
            <translation>Off: images are never fetched (a model can use them to track you).
Local files are never shown, whatever this says.</translation>
        </message>
        <message>
            <source>What happens when the model wants to write a file or run a command</source>
            <translation>What happens when the model wants to write a file or run a command</translation>
        </message>
        <message>
            <source>Tool approval</source>
            <translation>Tool approval</translation>
        </message>
        <message>
            <source>Let the model run shell commands</source>
            <translation>Let the model run shell commands</translation>
        </message>
        <message>
            <source>Off: the model cannot run programs; on: each command still asks first.</source>
            <translation>Off: the model cannot run programs; on: each command still asks first.</translation>
        </message>
        <message>
            <source>System language (%1)</source>
            <translation>System language (%1)</translation>
        </message>
        <message>
            <source>The language of the interface</source>
            <translation>The language of the interface</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>Language</translation>
        </message>
        <message>
            <source>A new language applies when pi-desktop restarts.</source>
            <translation>A new language applies when pi-desktop restarts.</translation>
        </message>
        <message>
            <source>Settings pages</source>
            <translation>Settings pages</translation>
        </message>
        <message>
            <source>Ctrl+Tab moves to the next page of the settings.</source>
            <translation>Ctrl+Tab moves to the next page of the settings.</translation>
        </message>
        <message>
            <source>General</source>
            <translation>General</translation>
        </message>
        <message>
            <source>The stored key will be forgotten.</source>
            <translation>The stored key will be forgotten.</translation>
        </message>
        <message>
            <source>Workspace folder</source>
            <translation>Workspace folder</translation>
        </message>
        <message>
            <source>0 (automatic)</source>
            <translation>0 (automatic)</translation>
        </message>
        <message>
            <source>0 (instant)</source>
            <translation>0 (instant)</translation>
        </message>
        <message>
            <source>%1 OK again saves without one (the offline demo answers until then).</source>
            <translation>%1 OK again saves without one (the offline demo answers until then).</translation>
        </message>
        <message>
            <source>The offline provider needs no key and makes no network calls.</source>
            <translation>The offline provider needs no key and makes no network calls.</translation>
        </message>
        <message>
            <source>A key is stored in the system keyring.</source>
            <translation>A key is stored in the system keyring.</translation>
        </message>
        <message>
            <source>A key is stored in a local file.</source>
            <translation>A key is stored in a local file.</translation>
        </message>
        <message>
            <source>Using the key from the environment (%1).</source>
            <translation>Using the key from the environment (%1).</translation>
        </message>
        <message>
            <source>No key stored.</source>
            <translation>No key stored.</translation>
        </message>
        <message>
            <source>New keys are saved in the %1.</source>
            <translation>New keys are saved in the %1.</translation>
        </message>
        <message>
            <source>•••••••• (type to replace)</source>
            <translation>•••••••• (type to replace)</translation>
        </message>
        <message>
            <source>paste your key</source>
            <translation>paste your key</translation>
        </message>
        <message>
            <source>model name</source>
            <translation>model name</translation>
        </message>
        <message>
            <source>When the conversation grows past the message limit, older messages leave the
context. Summarized, their content stays known to the model (one summary call
every dozen turns or so); dropped, the model forgets them (no extra call).</source>
            <translation type="obsolete">When the conversation grows past the message limit, older messages leave the
context. Summarized, their content stays known to the model (one summary call
every dozen turns or so); dropped, the model forgets them (no extra call).</translation>
        </message>
        <message>
            <source>The provider's API key; it is kept in the system keyring, never shown</source>
            <translation type="obsolete">The provider's API key; it is kept in the system keyring, never shown</translation>
        </message>
    </context>
    <context>
        <name>Steering</name>
        <message>
            <source>Summarizing the branch you left…</source>
            <translation>Summarizing the branch you left…</translation>
        </message>
        <message>
            <source>Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</source>
            <translation>Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</translation>
        </message>
        <message>
            <source>Pinned the message.</source>
            <translation>Pinned the message.</translation>
        </message>
        <message>
            <source>Unpinned the message.</source>
            <translation>Unpinned the message.</translation>
        </message>
        <message>
            <source>Could not pin: %1</source>
            <translation>Could not pin: %1</translation>
        </message>
        <message>
            <source>Could not unpin: %1</source>
            <translation>Could not unpin: %1</translation>
        </message>
        <message>
            <source>The branch summary failed: %1</source>
            <translation>The branch summary failed: %1</translation>
        </message>
        <message>
            <source>Could not remove the branch summary: %1</source>
            <translation>Could not remove the branch summary: %1</translation>
        </message>
    </context>
    <context>
        <name>SummaryHistory</name>
        <message>
            <source>automatic (threshold reached)</source>
            <translation>automatic (threshold reached)</translation>
        </message>
        <message>
            <source>manual (Compact now)</source>
            <translation>manual (Compact now)</translation>
        </message>
        <message>
            <source>edited by you</source>
            <translation>edited by you</translation>
        </message>
        <message>
            <source>messages 1–%1 (the same as the summary it replaces)</source>
            <translation>messages 1–%1 (the same as the summary it replaces)</translation>
        </message>
        <message>
            <source>no model call (your edit)</source>
            <translation>no model call (your edit)</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 tokens</translation>
        </message>
        <message>
            <source>usage not reported</source>
            <translation>usage not reported</translation>
        </message>
        <message>
            <source>no messages (only the system prompt)</source>
            <translation>no messages (only the system prompt)</translation>
        </message>
        <message>
            <source>messages 1–%1; new in this summary: %2–%3 (%4)</source>
            <translation>messages 1–%1; new in this summary: %2–%3 (%4)</translation>
        </message>
        <message>
            <source>prompt</source>
            <translation>prompt</translation>
        </message>
        <message>
            <source>completion</source>
            <translation>completion</translation>
        </message>
        <message>
            <source>in %1 calls</source>
            <translation>in %1 calls</translation>
        </message>
        <message>
            <source>(no price known)</source>
            <translation>(no price known)</translation>
        </message>
        <message>
            <source>(extractive)</source>
            <translation>(extractive)</translation>
        </message>
        <message>
            <source>in use</source>
            <translation>in use</translation>
        </message>
        <message>
            <source>automatic</source>
            <translation>automatic</translation>
        </message>
        <message>
            <source>manual</source>
            <translation>manual</translation>
        </message>
        <message>
            <source>edited</source>
            <translation>edited</translation>
        </message>
    </context>
    <context>
        <name>SummaryViewer</name>
        <message>
            <source>%1:</source>
            <translation>%1:</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>Kind</translation>
        </message>
        <message>
            <source>Tokens</source>
            <translation>Tokens</translation>
        </message>
        <message>
            <source>Summarized</source>
            <translation>Summarized</translation>
        </message>
        <message>
            <source>Covered</source>
            <translation>Covered</translation>
        </message>
        <message>
            <source>Kept tail</source>
            <translation>Kept tail</translation>
        </message>
        <message>
            <source>Summary model</source>
            <translation>Summary model</translation>
        </message>
        <message>
            <source>Summary usage</source>
            <translation>Summary usage</translation>
        </message>
        <message>
            <source>When</source>
            <translation>When</translation>
        </message>
        <message>
            <source>Focus</source>
            <translation>Focus</translation>
        </message>
        <message>
            <source>Cost</source>
            <translation>Cost</translation>
        </message>
        <message>
            <source>Covers</source>
            <translation>Covers</translation>
        </message>
        <message>
            <source>not reported</source>
            <translation>not reported</translation>
        </message>
        <message numerus="yes">
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln message</numerusform>
                <numerusform>%Ln messages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln message(s) (system + history before the kept tail)</source>
            <translation>
                <numerusform>%Ln message (system + history before the kept tail)</numerusform>
                <numerusform>%Ln messages (system + history before the kept tail)</numerusform>
            </translation>
        </message>
        <message>
            <source>none (written by you)</source>
            <translation>none (written by you)</translation>
        </message>
        <message>
            <source>none (no model call)</source>
            <translation>none (no model call)</translation>
        </message>
        <message>
            <source>prompt</source>
            <translation>prompt</translation>
        </message>
        <message>
            <source>completion</source>
            <translation>completion</translation>
        </message>
        <message>
            <source>%1 after</source>
            <translation>%1 after</translation>
        </message>
        <message>
            <source>not recorded</source>
            <translation>not recorded</translation>
        </message>
        <message>
            <source>extractive summary (built without a model)</source>
            <translation>extractive summary (built without a model)</translation>
        </message>
        <message>
            <source>none: the model's summary failed (%1 was asked)</source>
            <translation>none: the model's summary failed (%1 was asked)</translation>
        </message>
        <message>
            <source>none: the model's summary failed</source>
            <translation>none: the model's summary failed</translation>
        </message>
        <message>
            <source>the next request before → with the edit</source>
            <translation>the next request before → with the edit</translation>
        </message>
        <message>
            <source>Compaction summary</source>
            <translation>Compaction summary</translation>
        </message>
        <message>
            <source>Summary history</source>
            <translation>Summary history</translation>
        </message>
        <message>
            <source>Every summary of this branch, oldest first; arrows choose one.</source>
            <translation>Every summary of this branch, oldest first; arrows choose one.</translation>
        </message>
        <message>
            <source>Select in tree</source>
            <translation>Select in tree</translation>
        </message>
        <message>
            <source>Select the messages this summary newly covered</source>
            <translation>Select the messages this summary newly covered</translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>Summary</translation>
        </message>
        <message>
            <source>The summary the next requests carry, read-only.</source>
            <translation>The summary the next requests carry, read-only.</translation>
        </message>
        <message>
            <source>Changes</source>
            <translation>Changes</translation>
        </message>
        <message>
            <source>The lines added (+) and removed (−) against the summary before.</source>
            <translation>The lines added (+) and removed (−) against the summary before.</translation>
        </message>
        <message>
            <source>Edit the summary</source>
            <translation>Edit the summary</translation>
        </message>
        <message>
            <source>The summary in use; saving it makes a new compaction.</source>
            <translation>The summary in use; saving it makes a new compaction.</translation>
        </message>
        <message>
            <source>Save edited summary</source>
            <translation>Save edited summary</translation>
        </message>
        <message>
            <source>Save the edit as a new compaction; the next request uses it</source>
            <translation>Save the edit as a new compaction; the next request uses it</translation>
        </message>
        <message>
            <source>Summary views</source>
            <translation>Summary views</translation>
        </message>
        <message>
            <source>The summary, its changes against the one before, and its editor.</source>
            <translation>The summary, its changes against the one before, and its editor.</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Edit</translation>
        </message>
        <message>
            <source>Copy summary</source>
            <translation>Copy summary</translation>
        </message>
        <message>
            <source>Copy the summary as the model receives it</source>
            <translation>Copy the summary as the model receives it</translation>
        </message>
        <message>
            <source>Read files (%1)</source>
            <translation>Read files (%1)</translation>
        </message>
        <message>
            <source>Modified files (%1)</source>
            <translation>Modified files (%1)</translation>
        </message>
        <message>
            <source>Read files</source>
            <translation>Read files</translation>
        </message>
        <message>
            <source>Modified files</source>
            <translation>Modified files</translation>
        </message>
        <message>
            <source>The files the summarized messages read.</source>
            <translation>The files the summarized messages read.</translation>
        </message>
        <message>
            <source>The files the summarized messages changed.</source>
            <translation>The files the summarized messages changed.</translation>
        </message>
        <message>
            <source>… %1 more lines</source>
            <translation>… %1 more lines</translation>
        </message>
        <message>
            <source>- (none reported)</source>
            <translation>- (none reported)</translation>
        </message>
        <message>
            <source>repaired (the model's second answer)</source>
            <translation>repaired (the model's second answer)</translation>
        </message>
        <message>
            <source>Your edit is saved as a new compaction (the original stays in the history); the next request sends it instead.</source>
            <translation>Your edit is saved as a new compaction (the original stays in the history); the next request sends it instead.</translation>
        </message>
        <message>
            <source>Only the summary in use (the newest on this branch) can be edited.</source>
            <translation>Only the summary in use (the newest on this branch) can be edited.</translation>
        </message>
        <message>
            <source>Too large to compare here; Copy summary copies the text.</source>
            <translation>Too large to compare here; Copy summary copies the text.</translation>
        </message>
        <message>
            <source>The first summary on this branch: every line is new.</source>
            <translation>The first summary on this branch: every line is new.</translation>
        </message>
        <message>
            <source>Against summary #%1: %2 added, %3 removed.</source>
            <translation>Against summary #%1: %2 added, %3 removed.</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>(none)</translation>
        </message>
        <message>
            <source>… %1 more characters; Copy summary copies all of it.</source>
            <translation>… %1 more characters; Copy summary copies all of it.</translation>
        </message>
        <message numerus="yes">
            <source>%Ln line(s)</source>
            <translation>
                <numerusform>%Ln line</numerusform>
                <numerusform>%Ln lines</numerusform>
            </translation>
        </message>
        <message>
            <source>The summary is empty.</source>
            <translation>The summary is empty.</translation>
        </message>
    </context>
    <context>
        <name>SystemPrompt</name>
        <message>
            <source>System prompt</source>
            <translation>System prompt</translation>
        </message>
        <message>
            <source>Every request of this session starts with these instructions. A change applies from your next message on; what was already sent stays as it was, and the tree marks the change.</source>
            <translation>Every request of this session starts with these instructions. A change applies from your next message on; what was already sent stays as it was, and the tree marks the change.</translation>
        </message>
        <message>
            <source>No system prompt: the model gets only the conversation.</source>
            <translation>No system prompt: the model gets only the conversation.</translation>
        </message>
        <message>
            <source>Saved prompts</source>
            <translation>Saved prompts</translation>
        </message>
        <message>
            <source>Choosing one puts its text in the box above.</source>
            <translation>Choosing one puts its text in the box above.</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>Delete</translation>
        </message>
        <message>
            <source>Forget the chosen saved prompt (sessions keep their copy)</source>
            <translation>Forget the chosen saved prompt (sessions keep their copy)</translation>
        </message>
        <message>
            <source>a name, e.g. Code reviewer</source>
            <translation>a name, e.g. Code reviewer</translation>
        </message>
        <message>
            <source>Name of the saved prompt</source>
            <translation>Name of the saved prompt</translation>
        </message>
        <message>
            <source>The name the text above is saved under.</source>
            <translation>The name the text above is saved under.</translation>
        </message>
        <message>
            <source>Save the text above as</source>
            <translation>Save the text above as</translation>
        </message>
        <message>
            <source>Keep the text above as a saved prompt under the name beside</source>
            <translation>Keep the text above as a saved prompt under the name beside</translation>
        </message>
        <message>
            <source>New sessions start with the chosen saved prompt</source>
            <translation>New sessions start with the chosen saved prompt</translation>
        </message>
        <message>
            <source>Sessions created from now on start with the prompt chosen above</source>
            <translation>Sessions created from now on start with the prompt chosen above</translation>
        </message>
        <message>
            <source>Loaded “%1”. OK uses it for this session.</source>
            <translation>Loaded “%1”. OK uses it for this session.</translation>
        </message>
        <message>
            <source>Saved as “%1”.</source>
            <translation>Saved as “%1”.</translation>
        </message>
        <message>
            <source>Deleted “%1”.</source>
            <translation>Deleted “%1”.</translation>
        </message>
        <message>
            <source>Use for this session</source>
            <translation>Use for this session</translation>
        </message>
        <message>
            <source>OK</source>
            <translation>OK</translation>
        </message>
        <message>
            <source>%1  (default)</source>
            <translation>%1  (default)</translation>
        </message>
        <message>
            <source>Give the prompt a name first.</source>
            <translation>Give the prompt a name first.</translation>
        </message>
        <message>
            <source>An empty prompt is not worth saving.</source>
            <translation>An empty prompt is not worth saving.</translation>
        </message>
        <message>
            <source>New sessions start with “%1”.</source>
            <translation>New sessions start with “%1”.</translation>
        </message>
        <message>
            <source>New sessions use the built-in prompt.</source>
            <translation>New sessions use the built-in prompt.</translation>
        </message>
        <message>
            <source>Not saved: %1</source>
            <translation>Not saved: %1</translation>
        </message>
        <message>
            <source>Not deleted: %1</source>
            <translation>Not deleted: %1</translation>
        </message>
        <message>
            <source>Not changed: %1</source>
            <translation>Not changed: %1</translation>
        </message>
    </context>
    <context>
        <name>Thinking</name>
        <message>
            <source>%1 min %2 s</source>
            <translation>%1 min %2 s</translation>
        </message>
        <message numerus="yes">
            <source>%Ln character(s)</source>
            <translation>
                <numerusform>%Ln character</numerusform>
                <numerusform>%Ln characters</numerusform>
            </translation>
        </message>
        <message>
            <source>Thinking · %1</source>
            <translation>Thinking · %1</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <source>Thought for %1 · %2</source>
            <translation>Thought for %1 · %2</translation>
        </message>
        <message>
            <source>Thinking… · %1</source>
            <translation>Thinking… · %1</translation>
        </message>
        <message>
            <source>The model's reasoning before it answered (click to read it)</source>
            <translation>The model's reasoning before it answered (click to read it)</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>Copy</translation>
        </message>
        <message>
            <source>Copy the whole reasoning to the clipboard</source>
            <translation>Copy the whole reasoning to the clipboard</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copied</translation>
        </message>
        <message>
            <source>… (%1 more characters; Copy copies all of it)</source>
            <translation>… (%1 more characters; Copy copies all of it)</translation>
        </message>
    </context>
    <context>
        <name>Tree</name>
        <message numerus="yes">
            <source>branch · %Ln message(s) — %1</source>
            <translation>
                <numerusform>branch · %Ln message — %1</numerusform>
                <numerusform>branch · %Ln messages — %1</numerusform>
            </translation>
        </message>
        <message>
            <source>▲ compaction floor</source>
            <translation>▲ compaction floor</translation>
        </message>
        <message>
            <source>No messages yet</source>
            <translation>No messages yet</translation>
        </message>
        <message>
            <source>Navigation paused while the agent is running or compacting.</source>
            <translation>Navigation paused while the agent is running or compacting.</translation>
        </message>
        <message>
            <source>%1 on path</source>
            <translation>%1 on path</translation>
        </message>
        <message numerus="yes">
            <source>%Ln node(s)</source>
            <translation>
                <numerusform>%Ln node</numerusform>
                <numerusform>%Ln nodes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln compaction(s)</source>
            <translation>
                <numerusform>%Ln compaction</numerusform>
                <numerusform>%Ln compactions</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 not in view</source>
            <translation>%1 not in view</translation>
        </message>
        <message>
            <source>Empty session</source>
            <translation>Empty session</translation>
        </message>
        <message>
            <source>user</source>
            <translation>user</translation>
        </message>
        <message>
            <source>assistant</source>
            <translation>assistant</translation>
        </message>
        <message>
            <source>tool</source>
            <translation>tool</translation>
        </message>
        <message>
            <source>system</source>
            <translation>system</translation>
        </message>
        <message>
            <source>system prompt</source>
            <translation>system prompt</translation>
        </message>
        <message>
            <source>compaction</source>
            <translation>compaction</translation>
        </message>
        <message>
            <source>branch summary</source>
            <translation>branch summary</translation>
        </message>
        <message>
            <source>thought %1 characters</source>
            <translation>thought %1 characters</translation>
        </message>
        <message>
            <source>(empty)</source>
            <translation>(empty)</translation>
        </message>
        <message>
            <source>(manual)</source>
            <translation>(manual)</translation>
        </message>
        <message>
            <source>%1 summarizer calls</source>
            <translation>%1 summarizer calls</translation>
        </message>
        <message numerus="yes">
            <source>explored on another branch · %Ln message(s)</source>
            <translation>
                <numerusform>explored on another branch · %Ln message</numerusform>
                <numerusform>explored on another branch · %Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <source>pinned: stays verbatim in every view</source>
            <translation>pinned: stays verbatim in every view</translation>
        </message>
        <message>
            <source>Thinking (%1 characters): %2</source>
            <translation>Thinking (%1 characters): %2</translation>
        </message>
        <message>
            <source>system prompt: %1</source>
            <translation>system prompt: %1</translation>
        </message>
        <message>
            <source>system prompt removed</source>
            <translation>system prompt removed</translation>
        </message>
        <message>
            <source>Results:</source>
            <translation>Results:</translation>
        </message>
        <message>
            <source>No result yet.</source>
            <translation>No result yet.</translation>
        </message>
        <message>
            <source>(stopped)</source>
            <translation>(stopped)</translation>
        </message>
        <message numerus="yes">
            <source>summary edited · %Ln message(s)</source>
            <translation>
                <numerusform>summary edited · %Ln message</numerusform>
                <numerusform>summary edited · %Ln messages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>compacted (extractive) %Ln message(s)</source>
            <translation>
                <numerusform>compacted (extractive) %Ln message</numerusform>
                <numerusform>compacted (extractive) %Ln messages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>compacted %Ln message(s)</source>
            <translation>
                <numerusform>compacted %Ln message</numerusform>
                <numerusform>compacted %Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <source>Session tree</source>
            <translation>Session tree</translation>
        </message>
        <message>
            <source>The messages of this session as a tree. Arrows move, Enter rewinds to a message or opens a summary, the Menu key shows its actions.</source>
            <translation>The messages of this session as a tree. Arrows move, Enter rewinds to a message or opens a summary, the Menu key shows its actions.</translation>
        </message>
        <message>
            <source>Copy text</source>
            <translation>Copy text</translation>
        </message>
        <message>
            <source>Expand branch</source>
            <translation>Expand branch</translation>
        </message>
        <message>
            <source>Remove branch summary</source>
            <translation>Remove branch summary</translation>
        </message>
        <message>
            <source>Collapse branch</source>
            <translation>Collapse branch</translation>
        </message>
        <message numerus="yes">
            <source>Collapsed branch of %Ln message(s).</source>
            <translation>
                <numerusform>Collapsed branch of %Ln message.</numerusform>
                <numerusform>Collapsed branch of %Ln messages.</numerusform>
            </translation>
        </message>
        <message>
            <source>The system prompt changed here; later requests carry it.</source>
            <translation>The system prompt changed here; later requests carry it.</translation>
        </message>
        <message>
            <source>Not sent to the model verbatim (summarized or snipped).</source>
            <translation>Not sent to the model verbatim (summarized or snipped).</translation>
        </message>
        <message>
            <source>Navigation is paused while the agent is busy.</source>
            <translation>Navigation is paused while the agent is busy.</translation>
        </message>
        <message>
            <source>Click to expand.</source>
            <translation>Click to expand.</translation>
        </message>
        <message>
            <source>Double-click to view the summary.</source>
            <translation>Double-click to view the summary.</translation>
        </message>
        <message>
            <source>View summary</source>
            <translation>View summary</translation>
        </message>
        <message>
            <source>Rewind here</source>
            <translation>Rewind here</translation>
        </message>
        <message>
            <source>Fork to new session from here</source>
            <translation>Fork to new session from here</translation>
        </message>
        <message>
            <source>Sealed: below the compaction floor. Rewinding here is not possible; fork to a new session to continue from this point.</source>
            <translation>Sealed: below the compaction floor. Rewinding here is not possible; fork to a new session to continue from this point.</translation>
        </message>
        <message>
            <source>Rewind here (sealed by compaction)</source>
            <translation>Rewind here (sealed by compaction)</translation>
        </message>
        <message>
            <source>Edit and resend…</source>
            <translation>Edit and resend…</translation>
        </message>
        <message>
            <source>Unpin message</source>
            <translation>Unpin message</translation>
        </message>
        <message>
            <source>Pin message (keep verbatim)</source>
            <translation>Pin message (keep verbatim)</translation>
        </message>
        <message>
            <source>Current position.</source>
            <translation>Current position.</translation>
        </message>
        <message>
            <source>Click to rewind here.</source>
            <translation>Click to rewind here.</translation>
        </message>
        <message>
            <source>(edited)</source>
            <translation type="obsolete">(edited)</translation>
        </message>
        <message>
            <source>Double-click (or Enter) to view the summary.</source>
            <translation type="obsolete">Double-click (or Enter) to view the summary.</translation>
        </message>
        <message>
            <source>Click (or Enter) to rewind here.</source>
            <translation type="obsolete">Click (or Enter) to rewind here.</translation>
        </message>
        <message numerus="yes">
            <source>branch · %n message(s) — %1</source>
            <translation type="obsolete">
                <numerusform>branch · %n message — %1</numerusform>
                <numerusform>branch · %n messages — %1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n node(s)</source>
            <translation type="obsolete">
                <numerusform>%n node</numerusform>
                <numerusform>%n nodes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n compaction(s)</source>
            <translation type="obsolete">
                <numerusform>%n compaction</numerusform>
                <numerusform>%n compactions</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>explored on another branch · %n message(s)</source>
            <translation type="obsolete">
                <numerusform>explored on another branch · %n message</numerusform>
                <numerusform>explored on another branch · %n messages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>compacted %n message(s)</source>
            <translation type="obsolete">
                <numerusform>compacted %n message</numerusform>
                <numerusform>compacted %n messages</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Usage</name>
        <message>
            <source>%1 in</source>
            <translation>%1 in</translation>
        </message>
        <message>
            <source>%1 out</source>
            <translation>%1 out</translation>
        </message>
        <message>
            <source>This session's token usage, as the providers counted it (every branch)</source>
            <translation>This session's token usage, as the providers counted it (every branch)</translation>
        </message>
        <message numerus="yes">
            <source>Chat: %Ln answer(s)</source>
            <translation>
                <numerusform>Chat: %Ln answer</numerusform>
                <numerusform>Chat: %Ln answers</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 cached</source>
            <translation>%1 cached</translation>
        </message>
        <message>
            <source>prompts %1 tokens, answers %2 tokens</source>
            <translation>prompts %1 tokens, answers %2 tokens</translation>
        </message>
        <message numerus="yes">
            <source>Summaries: %Ln summarizer call(s)</source>
            <translation>
                <numerusform>Summaries: %Ln summarizer call</numerusform>
                <numerusform>Summaries: %Ln summarizer calls</numerusform>
            </translation>
        </message>
        <message>
            <source>Cost at your prices: %1</source>
            <translation>Cost at your prices: %1</translation>
        </message>
        <message>
            <source>%1 to first token</source>
            <translation>%1 to first token</translation>
        </message>
        <message>
            <source>%1 tokens/s</source>
            <translation>%1 tokens/s</translation>
        </message>
        <message>
            <source>Model: %1</source>
            <translation>Model: %1</translation>
        </message>
        <message>
            <source>Prompt: %1 tokens</source>
            <translation>Prompt: %1 tokens</translation>
        </message>
        <message>
            <source>Answer: %1 tokens</source>
            <translation>Answer: %1 tokens</translation>
        </message>
        <message>
            <source>The provider reported no token usage</source>
            <translation>The provider reported no token usage</translation>
        </message>
        <message>
            <source>Time to first token: %1 s</source>
            <translation>Time to first token: %1 s</translation>
        </message>
        <message>
            <source>Whole response: %1 s</source>
            <translation>Whole response: %1 s</translation>
        </message>
        <message>
            <source>Speed: %1 tokens/s</source>
            <translation>Speed: %1 tokens/s</translation>
        </message>
        <message>
            <source>Cost at your price: %1</source>
            <translation>Cost at your price: %1</translation>
        </message>
        <message>
            <source>of which thinking: %1 tokens</source>
            <translation>of which thinking: %1 tokens</translation>
        </message>
        <message>
            <source>cache hits: %1 prompt tokens (%2 of the prompts whose provider said)</source>
            <translation>cache hits: %1 prompt tokens (%2 of the prompts whose provider said)</translation>
        </message>
        <message>
            <source>cache hits: the provider did not say</source>
            <translation>cache hits: the provider did not say</translation>
        </message>
        <message>
            <source>prompts %1 tokens, summaries %2 tokens</source>
            <translation>prompts %1 tokens, summaries %2 tokens</translation>
        </message>
        <message>
            <source>(%1 cached)</source>
            <translation>(%1 cached)</translation>
        </message>
        <message>
            <source>(%1 thinking)</source>
            <translation>(%1 thinking)</translation>
        </message>
        <message>
            <source>Cache: the provider did not say</source>
            <translation>Cache: the provider did not say</translation>
        </message>
        <message>
            <source>Served from the provider's cache: %1 tokens</source>
            <translation>Served from the provider's cache: %1 tokens</translation>
        </message>
    </context>
    <context>
        <name>Wiring</name>
        <message>
            <source>Offline provider: a deterministic demo model, no network. Choose a real model in Settings (Ctrl+,).</source>
            <translation>Offline provider: a deterministic demo model, no network. Choose a real model in Settings (Ctrl+,).</translation>
        </message>
        <message>
            <source>Offline provider (no network)</source>
            <translation>Offline provider (no network)</translation>
        </message>
        <message>
            <source>Offline demo (no network)</source>
            <translation>Offline demo (no network)</translation>
        </message>
        <message>
            <source>Qwen (DashScope, compatible mode)</source>
            <translation>Qwen (DashScope, compatible mode)</translation>
        </message>
        <message>
            <source>Custom OpenAI-compatible server</source>
            <translation>Custom OpenAI-compatible server</translation>
        </message>
        <message>
            <source>%1 — using the offline provider until then.</source>
            <translation>%1 — using the offline provider until then.</translation>
        </message>
    </context>
</TS>
