// A filter <select data-autosubmit> sends its form when a choice is made (no inline handler:
// the Content-Security-Policy allows only the site's own script files). Listened for on the
// document, so a select that a live page put in anew (static/js/live.js) sends too.
document.addEventListener("change", event => {
  const select = event.target;
  if (select instanceof HTMLSelectElement && select.matches("select[data-autosubmit]")) {
    select.form.submit();
  }
});
