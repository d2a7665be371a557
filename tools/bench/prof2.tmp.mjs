import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync("/tmp/load.cpuprofile"));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const parent = new Map(); p.nodes.forEach(n => (n.children||[]).forEach(c => parent.set(c, n.id)));
let t = p.startTime; const B = 25000; const buckets = new Map();
p.samples.forEach((id, i) => { t += p.timeDeltas[i]; const b = Math.floor((t - p.startTime) / B);
  // top-level JS frame (root child) and leaf
  let n = byId.get(id); const leaf = n.callFrame.functionName || "(anon " + n.callFrame.url.split("/").pop() + ")";
  let chain = []; let cur = id; while (cur) { const nn = byId.get(cur); chain.push(nn.callFrame.functionName || nn.callFrame.url.split("/").pop()); cur = parent.get(cur); }
  const key = chain.reverse().slice(1, 4).join(">") ;
  if (leaf === "(idle)") return;
  const m = buckets.get(b) || new Map(); m.set(key, (m.get(key) || 0) + p.timeDeltas[i]); buckets.set(b, m); });
for (const [b, m] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
  const tot = [...m.values()].reduce((a, c) => a + c, 0);
  const top = [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${k.slice(0,60)}:${(v/1000).toFixed(0)}`).join(" | ");
  console.log(`${(b * 25).toString().padStart(5)}ms busy ${(tot / 1000).toFixed(0).padStart(3)}  ${top}`);
}
