// A filter <select data-autosubmit> sends its form when a choice is made (no inline handler:
// the Content-Security-Policy allows only the site's own script files).
document.querySelectorAll("select[data-autosubmit]").forEach(select => {
  select.addEventListener("change", () => select.form.submit());
});
