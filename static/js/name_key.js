// The twin of tournament/names.py name_key: "Krüger", "Krueger" and "kruger" give one key.
// tests/e2e/test_name_keys.py checks both give the same keys.
function nameKey(text) {
  const own = {"ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "ı": "i", "ð": "d", "þ": "th"};
  let t = text.toLowerCase().replace(/ß/g, "ss").normalize("NFKD").replace(/\p{M}/gu, "");
  t = t.normalize("NFKC").toLowerCase().replace(/[øłđæœıðþ]/g, c => own[c]);
  t = t.replace(/['’`´ʼ]/g, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  return t.replace(/([aou])e+/g, "$1");
}
