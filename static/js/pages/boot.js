// Runs before the first paint: the page knows scripts work, so the no-JavaScript forms stay out of sight.
document.documentElement.classList.add("js");
