// Test-only: served by the journeys' server at /__journeys/probe.js; page code (this origin,
// so its errors are not muted as a driver's script's are) that makes one of each error the
// page recorder must hear.
console.error("probe: console.error");
setTimeout(() => {
  throw new Error("probe: uncaught");
});
Promise.reject(new Error("probe: rejection"));
