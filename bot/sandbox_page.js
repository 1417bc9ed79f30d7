// The sandbox's additions to SimCord's preview page; bot/sandbox.py serves it to every page.
const INVOCATIONS = /*INVOCATIONS*/{}; // each command as typed after its "/" -> its required options

/** Whether a typed line is a whole command: its name and every option it requires
 * (`/blackjack create`, `/poker create bots:3`, `/tarot play card:QS`). */
function wholeCommand(line) {
  const words = line.trim().replace(/^\//, "").split(/\s+/);
  const path = Object.keys(INVOCATIONS)
    .filter((name) => name.split(" ").every((part, index) => words[index] === part))
    .sort((a, b) => b.length - a.length)[0];
  return path !== undefined && INVOCATIONS[path].every((option) => words.some((word) => word.startsWith(`${option}:`)));
}

const SEND_WAIT_MS = 30000; // how long a line waits for the page to finish its last action

/** Sends the typed line once the page is free. SimCord's composer drops a line sent while an
 * earlier action of the page is still completing (a click just made: its send button is disabled
 * until then), and the line stayed in the box unsent; it goes as soon as the page can take it,
 * unless the reader changed it meanwhile. */
function sendWhenFree(line, since = performance.now()) {
  const input = document.getElementById("channel-composer-input");
  const button = document.getElementById("send-message");
  if (!(input instanceof HTMLTextAreaElement) || input.value !== line) return;
  if (!button?.disabled) {
    input.form?.requestSubmit();
    return;
  }
  if (performance.now() - since < SEND_WAIT_MS) setTimeout(() => sendWhenFree(line, since), 100);
}

// One Enter sends a whole command typed in the message box, as the README says. SimCord's
// composer would turn the line into a command chip first and need further Enters (picking an
// option on the way); the line goes as a message instead, and the bot runs it as the command.
// A command still missing a required option becomes the chip, its options to fill, as before.
window.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
  const input = event.target;
  if (!(input instanceof HTMLTextAreaElement) || input.id !== "channel-composer-input") return;
  if (!input.value.trimStart().startsWith("/") || !wholeCommand(input.value)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  sendWhenFree(input.value);
}, true);

// The page follows the newest message, as Discord does, until the reader scrolls up to read
// older ones, and again once they scroll back down. SimCord's timeline keeps a message in place
// instead, whichever moved the view: its images loading after the text, a message above
// edited, the browser's own scroll anchoring; so the page opened above the newest message and,
// scrolled down, was taken back up.
const timeline = document.getElementById("channel-timeline");
const messageList = document.getElementById("channel-message-list");
const NAVIGATION_KEYS = new Set(["PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown", " "]);
const READERS_OWN_MS = 1000; // a scroll this soon after the reader's wheel, key or drag is theirs
let following = true;
let readersOwnUntil = 0;
let readerScrolledUp = false; // the reader's last wheel went up: nothing else's scroll meanwhile brings them down

const atNewest = () => timeline.scrollHeight - timeline.scrollTop - timeline.clientHeight <= 2;
const readerActs = () => { readersOwnUntil = performance.now() + READERS_OWN_MS; readerScrolledUp = false; };
function showNewest() {
  if (following && !atNewest()) timeline.scrollTop = timeline.scrollHeight;
}

if (timeline && messageList) {
  timeline.addEventListener("wheel", (event) => {
    readerActs();
    readerScrolledUp = event.deltaY < 0;
    if (readerScrolledUp) following = false;
  }, { passive: true });
  timeline.addEventListener("touchmove", readerActs, { passive: true });
  // The scrollbar is the timeline's own: a press on a message (a button, a menu) is not a scroll.
  timeline.addEventListener("pointerdown", (event) => { if (event.target === timeline) readerActs(); });
  window.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLElement && event.target.closest("input, textarea, select, [contenteditable]");
    if (NAVIGATION_KEYS.has(event.key) && !typing) readerActs();
  }, true);
  // Navigating elsewhere (the message list on the side: a message found, a message id) moves the
  // view. A press anywhere else — a form's Submit, the toolbar — is no reading: the page follows on.
  const sidebar = document.getElementById("messages-sidebar");
  window.addEventListener("pointerdown", (event) => {
    if (event.target instanceof Node && sidebar?.contains(event.target)) readerActs();
  }, true);
  timeline.addEventListener("scroll", () => {
    // (SimCord placing its view as a message is edited, within the reader's second, is not them)
    if (performance.now() < readersOwnUntil) following = atNewest() && !readerScrolledUp;
    // a reader's wheel down still gliding after that second (smooth scrolling on a busy machine)
    // that reaches the newest message: the page follows again
    else if (!following && !readerScrolledUp && atNewest()) following = true;
    else showNewest();
  }, { passive: true });
  // After SimCord's own placement (it runs in the next animation frame too, registered earlier).
  const follow = () => requestAnimationFrame(showNewest);
  new ResizeObserver(follow).observe(messageList);
  new MutationObserver(follow).observe(messageList, { childList: true, subtree: true });
}

// When the bot redraws a message's image, the address SimCord's page was still loading is no
// longer served: the browser drew it broken ("Embed 1 image" beside a torn icon) until the new
// one came a moment later. An image that failed is hidden until an image loads in its place.
document.addEventListener("error", (event) => {
  if (event.target instanceof HTMLImageElement) event.target.style.visibility = "hidden";
}, true);
document.addEventListener("load", (event) => {
  if (event.target instanceof HTMLImageElement) event.target.style.visibility = "";
}, true);
