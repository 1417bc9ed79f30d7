// The sandbox's additions to SimCord's preview page; bot/sandbox.py serves it to every page.
const INVOCATIONS = /*INVOCATIONS*/[];

/** Whether a typed line names a whole command (`/blackjack create`, `/poker create bots:3`). */
function namesACommand(line) {
  const words = line.trim().replace(/^\//, "").split(/\s+/);
  return INVOCATIONS.some((path) => {
    const parts = path.split(" ");
    return parts.length <= words.length && parts.every((part, index) => words[index] === part);
  });
}

// One Enter sends a whole command typed in the message box, as it does on Discord. SimCord's
// composer would turn the line into a command chip first and need further Enters (picking an
// option on the way); the line goes as a message instead, and the bot runs it as the command.
window.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
  const input = event.target;
  if (!(input instanceof HTMLTextAreaElement) || input.id !== "channel-composer-input") return;
  if (!input.value.trimStart().startsWith("/") || !namesACommand(input.value)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  input.form?.requestSubmit();
}, true);
