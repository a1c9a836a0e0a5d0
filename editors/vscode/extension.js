// Starts `nauticus-ref server` for *.ngn files and connects VS Code to it.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("nauticus-ref").get("command");
  client = new LanguageClient(
    "nauticus-ref",
    "NAUTICUS referee",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "ngn" }, { scheme: "untitled", language: "ngn" }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
