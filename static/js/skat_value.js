/* The value preview of the deal form without the server (issue 24): a port of the engine's
   value calculation (engine/values.py, engine/records.py, engine/describe.py) and of the
   checks the deal form makes before it (tournament/sheets/forms.py, loaders.check_seats).
   tests/tournament/test_value_js.py runs it and the engine over every rule set and game
   and finds them equal; change both together.

   Interface (window.SkatValue in a page or a service worker, module.exports in node):

     SkatValue.preview(rules, fields, table) -> result

   rules   the tournament's offline_rules(tournament) (tournament/sheets/offline_rules.py),
           e.g. read from a <script type="application/json"> block.
   fields  the deal form's fields by name, values as strings: a FormData, or a plain object
           such as Object.fromEntries(new FormData(form)). A checkbox counts as ticked when
           present and neither "" nor "false", as Django reads it.
   table   optional, what the page knows of the sheet:
             seats        3 or 4 (default 4)
             dealer       the seat dealing this deal: at a four-table it sits out
             number       the deal's number, when the form's "number" field has none
             totals       each seat's total at the end of the sheet, this deal left out
             before       each seat's total just before this deal (default: totals)
             hide_totals  true: a blind check hides the totals (they come back null)
             deck         a comparative table: the number of the deck this deal is played
                          with (the form's "deck" must say it; the matadors, the value and
                          the totals then come from its cards on saving)

   result, mirroring the server's preview (tournament/views/sheets/entry.py, deal_preview):
     {ok: true, number, text, value, won, outcome, entries, score, totals, totals_after,
      seeger_fabian}
       text          the deal in words, in the page's language: "Heart Solo with 2, won"
       value         the declarer's signed result (the loser's for a Ramsch)
       won           whether the declarer won; null for a Ramsch or a passed deal
       outcome       the engine's Outcome.as_dict(): won, value, basis, levels, overbid,
                     schneider, schwarz, and contra_value / revoke_value where charged
       entries       {"seat": points} of the totals this deal moves (the server's key);
       score         the same object
       totals        [n per seat] the totals at the end of the sheet with this deal,
       totals_after  and after this deal; both null without table.totals or when hidden
       seeger_fabian {"seat": change of the seat's Seeger-Fabian score}, all seats, when the
                     tournament's scoring system adds the sheet up so; else null
     At a comparative table, for a game with trumps: value null, entries {}, totals null and
     pending, the sentence saying the cards decide (as the server answers).
     {ok: false, errors: {field: [message]}, non_field: [message]}
       a refusal of the checks that need no server (shapes, ranges, the rule set's games and
       options, the seats), on the field at fault; messages through gettext() where the
       page loaded Django's JavaScript catalog, else in English. What needs the server (a
       sheet changed on another device, a deal number not played yet) is left to it.
*/
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) {
    module.exports = factory(root);
  } else {
    root.SkatValue = factory(root);
  }
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  var SEAT_FIELDS = ["declarer", "contra_by", "revoked_by", "loser"];
  var NUMBER_FIELDS = ["matadors", "card_points", "tricks", "bid", "number", "version"];
  var KEPT = ["game", "version", "deck"]; // the form keeps their errors whatever the game

  function gettext(text) {
    var catalog = root && root.gettext;
    return typeof catalog === "function" ? catalog(text) : text;
  }

  /* Python's "%(name)s" % params, in one pass ("%%" is a percent sign) */
  function fill(text, params) {
    return text.replace(/%(?:\(([a-z_]+)\)s|%)/g, function (all, name) {
      if (!name) return "%";
      return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : all;
    });
  }

  function Refusal(field, reason) {
    this.field = field;
    this.reason = reason;
  }

  function refuse(field, reason, params) {
    return new Refusal(field, fill(reason, params || {}));
  }

  /* ---- the form's fields, read as Django reads them ---------------------------------- */

  function reader(fields) {
    if (fields && typeof fields.get === "function") {
      return function (name) {
        var value = fields.get(name);
        return value === null || value === undefined ? null : String(value);
      };
    }
    return function (name) {
      var value = fields ? fields[name] : undefined;
      return value === null || value === undefined ? null : String(value);
    };
  }

  function ticked(raw) {
    return raw !== null && raw !== "" && raw.toLowerCase() !== "false";
  }

  /* Django's IntegerField: "" is none, "12", " 12 ", "12.0" and "1_2" are 12 (int()) */
  function whole(raw) {
    if (raw === null || raw === "") return {value: null};
    var match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(raw.replace(/\.0*\s*$/, ""));
    if (!match || match[2].length > 4300) return {invalid: true};
    var value = parseInt(match[2].replace(/_/g, ""), 10);
    return {value: match[1] === "-" ? -value : value};
  }

  function wholeField(rules, name, raw) {
    var limits = rules.limits[name];
    var read = whole(raw);
    if (read.invalid) return {error: gettext("enter a whole number.")};
    if (read.value === null) {
      return limits.required ? {error: gettext("this field is required.")} : {value: null};
    }
    if (limits.min !== null && read.value < limits.min) {
      return {error: fill(gettext("%(value)s is out of range; the least is %(low)s."),
                          {value: raw.trim(), low: limits.min})};
    }
    if (limits.max !== null && read.value > limits.max) {
      return {error: fill(gettext("%(value)s is out of range; the most is %(high)s."),
                          {value: raw.trim(), high: limits.max})};
    }
    return {value: read.value};
  }

  function choiceField(raw, keys, required) {
    if (raw === null || raw === "") {
      return required ? {error: gettext("this field is required.")} : {value: ""};
    }
    if (keys.indexOf(raw) === -1) {
      return {error: fill(gettext("%(value)s is not one of the choices."), {value: raw})};
    }
    return {value: raw};
  }

  function gameOf(rules, key) {
    for (var i = 0; i < rules.games.length; i++) {
      if (rules.games[i].key === key) return rules.games[i];
    }
    return null;
  }

  function hasTrumps(game) { return game.kind === "suit" || game.kind === "grand"; }

  function label(rules, field) { return rules.labels[field] || field; }

  /* The deal form's clean(): every field read, the errors of the fields the game does not
     show dropped, then the record the engine reads (DealForm.clean). */
  function readForm(rules, fields, table) {
    var raw = reader(fields);
    var errors = {};
    var data = {};
    var playing = [];
    for (var seat = 1; seat <= table.seats; seat++) {
      if (seat !== table.sitsOut) playing.push(String(seat));
    }
    var keys = rules.games.map(function (g) { return g.key; });
    var checks = {game: choiceField(raw("game"), keys, true),
                  trump: choiceField(raw("trump"), rules.choices.trump, false),
                  revoke: choiceField(raw("revoke"), rules.choices.revoke, false)};
    SEAT_FIELDS.forEach(function (name) {
      var read = choiceField(raw(name), playing, false);
      checks[name] = read.error ? read : {value: read.value === "" ? null : Number(read.value)};
    });
    NUMBER_FIELDS.forEach(function (name) {
      if (name !== "bid" || rules.numeric_bids) {
        checks[name] = wholeField(rules, name, raw(name));
      }
    });
    if (table.deck !== null) checks.deck = wholeField(rules, "deck", raw("deck"));
    Object.keys(checks).forEach(function (name) {
      if (checks[name].error) errors[name] = checks[name].error;
      else data[name] = checks[name].value;
    });
    rules.flags.concat(["without"]).forEach(function (name) { data[name] = ticked(raw(name)); });

    var game = errors.game ? null : gameOf(rules, data.game);
    if (!game) return {errors: errors};
    var shown = {};
    (table.deck !== null ? game.deck_fields : game.fields).forEach(function (name) {
      shown[name] = true;
    });
    Object.keys(errors).forEach(function (name) {
      if (!shown[name] && KEPT.indexOf(name) === -1) delete errors[name];
    });
    if (Object.keys(errors).length) return {errors: errors};
    if (table.deck !== null && data.deck !== table.deck) {
      errors.deck = fill(gettext("this table plays deck %(deck)s as deal %(number)s; check the " +
                                 "number on the deck."), {deck: table.deck, number: table.number});
      return {errors: errors};
    }
    var record = {game: game.key};
    if (shown.trump && data.trump) record.trump = data.trump;
    if (shown.matadors && data.matadors !== null) {
      record.matadors = data.without ? -data.matadors : data.matadors;
    }
    ["card_points", "tricks", "bid", "loser"].forEach(function (key) {
      if (shown[key] && data[key] !== null && data[key] !== undefined) record[key] = data[key];
    });
    if (shown.revoke && data.revoke) record.revoke = data.revoke;
    rules.flags.forEach(function (flag) { if (shown[flag] && data[flag]) record[flag] = true; });
    var pending = table.deck !== null && hasTrumps(game);
    if (pending) record.matadors = 1; // a stand-in: the deck's cards count them on saving
    if (game.kind === "ramsch" && record.loser === undefined) {
      errors.loser = gettext("choose who lost the Ramsch.");
      return {errors: errors};
    }
    return {
      game: game, record: record, pending: pending,
      declarer: shown.declarer ? data.declarer : null,
      contraBy: record.contra ? data.contra_by : null,
      revokedBy: record.revoke === "opponent" ? data.revoked_by : null
    };
  }

  /* loaders.check_seats: the seats a deal names, against the table in this deal */
  function checkSeats(table, entry) {
    var record = entry.record;
    var isSeat = function (seat) { return seat !== null && seat >= 1 && seat <= table.seats; };
    if (entry.game.kind === "suit" || entry.game.kind === "grand" || entry.game.kind === "null") {
      if (!isSeat(entry.declarer)) return refuse("declarer", gettext("choose who played."));
      if (entry.declarer === table.sitsOut) {
        return refuse("declarer", gettext("the dealer sits out at a four-table and cannot " +
                                          "play this deal."));
      }
    }
    if (entry.game.kind === "ramsch" && record.loser === table.sitsOut) {
      return refuse("loser", gettext("the dealer sits out at a four-table and took no tricks."));
    }
    var opponent = function (seat) {
      return isSeat(seat) && seat !== entry.declarer && seat !== table.sitsOut;
    };
    if (entry.contraBy !== null && !opponent(entry.contraBy)) {
      return refuse("contra_by", gettext("only an opponent of the declarer said Contra."));
    }
    if (entry.revokedBy !== null && !opponent(entry.revokedBy)) {
      return refuse("revoked_by", gettext("only an opponent of the declarer revoked."));
    }
    if (record.contra && entry.contraBy === null) {
      return refuse("contra_by", gettext("choose the opponent who said Contra."));
    }
    if (record.revoke === "opponent" && entry.revokedBy === null) {
      return refuse("revoked_by", gettext("choose the opponent who revoked."));
    }
    return null;
  }

  /* ---- the engine's reading of the record (engine/records.py, engine/plays.py) ------- */

  var totalsByDeck = {};

  /* for 0 to 32 cards, which totals of card points that many cards can hold (cards.py),
     and every total one side can hold */
  function pointTotals(rules) {
    var deck = rules.card_points;
    var key = deck.join(",");
    if (totalsByDeck[key]) return totalsByDeck[key];
    var sets = [[true]];
    for (var count = 1; count <= deck.length; count++) sets.push([]);
    deck.forEach(function (points) {
      for (var taken = deck.length; taken > 0; taken--) { // downwards: each card once
        sets[taken - 1].forEach(function (held, total) {
          if (held) sets[taken][total + points] = true;
        });
      }
    });
    var side = [];
    sets.forEach(function (set) {
      set.forEach(function (held, total) { if (held) side[total] = true; });
    });
    totalsByDeck[key] = {byCount: sets, side: side};
    return totalsByDeck[key];
  }

  function checkCardPoints(rules, points) {
    if (pointTotals(rules).side[points]) return null;
    return refuse("card_points", gettext("no card is worth 1 point, so no side can hold " +
                                         "exactly %(points)s card points; count the cards again."),
                  {points: points});
  }

  function checkPlay(rules, game, points, tricks, conceded, revoke) {
    if (game.kind === "null") {
      if (tricks === null && !conceded && revoke === null) {
        return refuse("tricks", gettext("a %(game)s is won only with no trick; enter the " +
                                        "declarer's tricks."), {game: game.name[""]});
      }
      return null;
    }
    if (points === null) {
      if (conceded || revoke !== null) return null;
      return refuse("card_points", gettext("enter the declarer's card points, the Skat or " +
                                           "discard included (0 to 120)."));
    }
    if (tricks === 10 && points !== 120) {
      return refuse("tricks", gettext("a declarer who took all 10 tricks has all 120 card " +
                                      "points, not %(points)s."), {points: points});
    }
    if (tricks === 0 && points !== 0) {
      return refuse("tricks", gettext("a declarer who took no trick has 0 card points (the " +
                                      "Skat goes to the opponents), not %(points)s."),
                    {points: points});
    }
    if (tricks === null && (points === 0 || points === 120) && !conceded) {
      return refuse("tricks", gettext("with %(points)s card points the tricks decide " +
                                      "Schwarz; enter them."), {points: points});
    }
    var impossible = checkCardPoints(rules, points);
    if (impossible) return impossible;
    if (tricks !== null && tricks > 0 && tricks < 10 &&
        !pointTotals(rules).byCount[3 * tricks + 2][points]) {
      return refuse("card_points", gettext("%(tricks)s tricks and the Skat are %(count)s cards, " +
                                           "which cannot hold exactly %(points)s card points."),
                    {tricks: tricks, count: 3 * tricks + 2, points: points});
    }
    return null;
  }

  function fixedValue(game, hand, ouvert) {
    if (game.null_values) return game.null_values[(hand ? "1" : "0") + (ouvert ? "1" : "0")];
    return game.basis || 0;
  }

  function parseRamsch(rules, record) {
    var points = record.card_points === undefined ? null : record.card_points;
    if (points !== null) {
      if (points < rules.ramsch_loser_least) {
        return refuse("card_points", gettext("the loser of a Ramsch took the most card " +
                                             "points, so at least %(least)s, not %(points)s."),
                      {least: rules.ramsch_loser_least, points: points});
      }
      var impossible = checkCardPoints(rules, points);
      if (impossible) return impossible;
    }
    if (rules.options.point_ramsch && points === null) {
      return refuse("card_points", gettext("Point Ramsch charges the loser their card points; " +
                                           "enter them."));
    }
    var allTricks = !!record.all_tricks;
    if (allTricks && points !== null && points !== 120) {
      return refuse("card_points", gettext("a player who took every trick has all 120 card " +
                                           "points."));
    }
    return {ramsch: true, loser: record.loser, jungfer: !!record.jungfer || allTricks,
            allTricks: allTricks, cardPoints: points};
  }

  function parseDeclaration(rules, game, record) {
    var trumps = hasTrumps(game);
    if (game.kind === "suit" && !record.trump) {
      return refuse("trump", gettext("a %(game)s needs its trump suit."), {game: game.name[""]});
    }
    var hand = !!record.hand;
    var ouvert = !!record.ouvert;
    var schwarzSaid = !!record.schwarz_announced;
    var schneiderSaid = !!record.schneider_announced || schwarzSaid;
    if (rules.hand_flags && trumps && ouvert) hand = schneiderSaid = schwarzSaid = true;
    if (rules.hand_flags && schneiderSaid && !hand) {
      return refuse(schwarzSaid ? "schwarz_announced" : "schneider_announced",
                    gettext("under the International Skat Order only a hand game can be " +
                            "announced."));
    }
    var conceded = !!record.conceded;
    var revoke = record.revoke || null;
    if (revoke && conceded) {
      return refuse("revoke", gettext("a conceded game has no revoke; enter one or the other."));
    }
    var matadors = 0;
    if (trumps) {
      if (record.matadors === undefined) {
        return refuse("matadors", gettext("a %(game)s is played with or without 1 to %(most)s " +
                                          "matadors; enter them (+n with, -n without)."),
                      {game: game.name[""], most: game.max_matadors});
      }
      matadors = record.matadors;
      if (Math.abs(matadors) < 1 || Math.abs(matadors) > game.max_matadors) {
        return refuse("matadors", gettext("a %(game)s is played with or without 1 to %(most)s " +
                                          "matadors, not %(count)s."),
                      {game: game.name[""], most: game.max_matadors, count: Math.abs(matadors)});
      }
    }
    var points = record.card_points === undefined ? null : record.card_points;
    var tricks = record.tricks === undefined ? null : record.tricks;
    var play = checkPlay(rules, game, points, tricks, conceded, revoke);
    if (play) return play;
    var bid = record.bid === undefined ? null : record.bid;
    if (bid !== null) {
      if (game.kind === "null" && !rules.null_overbid && bid > fixedValue(game, hand, ouvert)) {
        return refuse("bid", gettext("a %(game)s is worth %(value)s, so it cannot be declared " +
                                     "on a bid of %(bid)s."),
                      {game: game.name[""], value: fixedValue(game, hand, ouvert), bid: bid});
      }
      if (bid < rules.min_bid) {
        return refuse("bid", gettext("the lowest bid is %(lowest)s, not %(bid)s."),
                      {lowest: rules.min_bid, bid: bid});
      }
      if (rules.legal_bids.indexOf(bid) === -1) {
        return refuse("bid", gettext("no game is worth %(bid)s, so it cannot be bid."),
                      {bid: bid});
      }
    }
    return {
      game: game, trump: record.trump || null, matadors: matadors, cardPoints: points,
      tricks: tricks, schneiderSaid: schneiderSaid, schwarzSaid: schwarzSaid,
      passtNicht: !!record.passt_nicht, conceded: conceded, hand: hand, ouvert: ouvert,
      contra: !!record.contra || !!record.recontra, recontra: !!record.recontra,
      bid: bid, revoke: revoke
    };
  }

  /* ---- values (engine/values.py) ------------------------------------------------------ */

  function n(flag) { return flag ? 1 : 0; }

  function fullLevels(rules, facts) {
    return 1 + facts.matadors + (rules.ladder === "isko" ? 6 : 4);
  }

  function full(rules, game, ouvert) {
    return !!game.full_contingencies || (rules.ladder === "isko" && ouvert);
  }

  function wonGrade(facts) {
    if (facts.schwarzSaid) return 6;
    if (facts.schwarz) return facts.schneiderSaid ? 5 : 4;
    if (facts.schneiderSaid) return 3;
    return facts.schneider ? 2 : 1;
  }

  function wonLevels(rules, game, facts) {
    if (full(rules, game, facts.ouvert)) return fullLevels(rules, facts);
    if (rules.ladder === "grades") return wonGrade(facts) + facts.matadors;
    var schneiderSaid = facts.schneiderSaid || (rules.ladder === "hertefeld" && facts.schwarz);
    var levels = 1 + facts.matadors + n(facts.schneider) + n(schneiderSaid) + n(facts.schwarz) +
      n(facts.schwarzSaid);
    return rules.ladder === "isko" ? levels + n(facts.hand) : levels;
  }

  function lostLevels(rules, game, facts) {
    if (full(rules, game, facts.ouvert)) return fullLevels(rules, facts);
    if (rules.ladder === "grades") {
      var against = facts.schwarz ? 4 : facts.schneider ? 2 : 1;
      var said = facts.schwarzSaid ? 6 : facts.schneiderSaid ? 3 : 0;
      return Math.max(against, said) + facts.matadors;
    }
    var schneider = facts.schneiderSaid || facts.schneider;
    var schneiderSaid = facts.schneiderSaid || (rules.ladder === "hertefeld" && facts.schwarz);
    var schwarz = facts.schwarzSaid || facts.schwarz;
    var levels = 1 + facts.matadors + n(schneider) + n(schneiderSaid) + n(schwarz) +
      n(facts.schwarzSaid);
    return rules.ladder === "isko" ? levels + n(facts.hand) : levels;
  }

  function concededLevels(rules, d) {
    var matadors = Math.abs(d.matadors);
    if (full(rules, d.game, d.ouvert)) return fullLevels(rules, {matadors: matadors});
    if (rules.ladder === "grades") {
      return Math.max(1, d.schwarzSaid ? 6 : d.schneiderSaid ? 3 : 0) + matadors;
    }
    return 1 + matadors + (rules.ladder === "isko" ? n(d.hand) : 0);
  }

  function overbidLoss(rules, bid, basis, lost) {
    if (rules.overbid_loss === "bid") return Math.max(lost, bid);
    return Math.max(lost, Math.ceil(bid / basis) * basis);
  }

  function lossFactor(rules, d) {
    if (rules.all_losses_double) return 2;
    return d.passtNicht ? 2 : (d.game.lost_factor || 1);
  }

  /* the declarer's result and what the opponent who said Contra is charged */
  function signed(single, won, factor, d) {
    if (!d.contra) return [won ? single : -single * factor, null];
    var times = d.recontra ? 3 : 2;
    if (won) return [single * times, -single * (times - 1)];
    return [-(single * times + single * (factor - 1)), single * (times - 1)];
  }

  function outcome(won, value, basis, levels, overbid, schneider, schwarz, contra, revoke) {
    var result = {won: won, value: value, basis: basis, levels: levels, overbid: overbid,
                  schneider: schneider, schwarz: schwarz};
    if (contra !== null) result.contra_value = contra;
    if (revoke !== null) result.revoke_value = revoke;
    return result;
  }

  function scoreRamsch(rules, r) {
    var values = rules.ramsch_values;
    var charge = rules.options.point_ramsch ? (r.cardPoints || 0) :
      r.allTricks ? values[2] : r.jungfer ? values[1] : values[0];
    return outcome(false, -charge, charge, 1, false, false, false, null, null);
  }

  function scoreFixed(rules, d) {
    var value = fixedValue(d.game, d.hand, d.ouvert);
    var bid = d.bid || 0;
    var overbid = bid > value;
    var won = d.revoke !== null ? d.revoke === "opponent" :
      !d.conceded && d.tricks === 0 && !overbid;
    var single = overbid ? overbidLoss(rules, bid, value, value) : value;
    var result = signed(single, won, lossFactor(rules, d), d);
    return outcome(won, result[0], value, Math.floor(single / value), overbid, false, false,
                   result[1], d.revoke === "opponent" ? -result[0] : null);
  }

  function scoreWithTrumps(rules, d) {
    var game = d.game;
    var basis = game.suit_basis ? game.suit_basis[d.trump] : game.basis;
    var points = d.conceded ? null : d.cardPoints;
    var opponentRevoked = d.revoke === "opponent";
    var made = {schneider: points !== null && points >= rules.schneider_at,
                schwarz: points !== null && d.tricks === 10};
    var reached = {matadors: Math.abs(d.matadors), schneider: made.schneider,
                   schwarz: made.schwarz,
                   schneiderSaid: d.schneiderSaid && (made.schneider || opponentRevoked),
                   schwarzSaid: d.schwarzSaid && (made.schwarz || opponentRevoked),
                   hand: d.hand, ouvert: d.ouvert};
    var bid = Math.max(d.bid || 0, game.min_value || 0);
    var overbid = bid > basis * wonLevels(rules, game, reached);
    var won;
    if (d.revoke !== null) won = opponentRevoked;
    else if (d.conceded) won = false;
    else {
      won = d.cardPoints !== null && d.cardPoints >= rules.won_at &&
        (reached.schneider || !d.schneiderSaid) && (reached.schwarz || !d.schwarzSaid) &&
        (reached.schwarz || !game.all_tricks_to_win) && !overbid;
    }
    var counted, levels, single;
    if (won) {
      counted = reached;
      levels = wonLevels(rules, game, reached);
      single = basis * levels;
      if (overbid) { // only with a revoke: the intended game is credited
        single = overbidLoss(rules, bid, basis, single);
        levels = Math.ceil(single / basis);
      }
    } else {
      counted = {matadors: Math.abs(d.matadors),
                 schneider: points !== null && points <= rules.lost_schneider_at,
                 schwarz: points !== null && d.tricks === 0,
                 schneiderSaid: d.schneiderSaid, schwarzSaid: d.schwarzSaid,
                 hand: d.hand, ouvert: d.ouvert};
      levels = d.conceded ? concededLevels(rules, d) : lostLevels(rules, game, counted);
      single = basis * levels;
      if (overbid) {
        single = overbidLoss(rules, bid, basis, single);
        if (single % basis === 0) levels = single / basis;
      }
    }
    var result = signed(single, won, lossFactor(rules, d), d);
    return outcome(won, result[0], basis, levels, overbid, counted.schneider, counted.schwarz,
                   result[1], opponentRevoked ? -result[0] : null);
  }

  /* ---- the deal in words (engine/describe.py), in the page's language ----------------- */

  function describe(rules, parsed, result) {
    var words = rules.words;
    if (parsed.passed) return {parts: [words.passed]};
    if (parsed.ramsch) {
      return {parts: [parsed.allTricks ? words.ramsch_all_tricks :
        parsed.jungfer ? words.ramsch_jungfer : words.ramsch]};
    }
    var d = parsed;
    var name = (d.trump && d.game.name[d.trump]) || d.game.name[""];
    var first = d.passtNicht ? fill(words.passt_nicht, {game: name}) : name;
    if (rules.hand_flags) {
      if (d.game.kind === "null") {
        var flags = d.ouvert && d.hand ? words.ouvert_hand :
          d.ouvert ? words.ouvert : d.hand ? words.hand : null;
        first = flags ? fill(flags, {game: name}) : name;
      } else if (d.ouvert) {
        first = fill(words.ouvert, {game: first});
      } else if (d.hand) {
        first = fill(words.hand, {game: first});
      }
    }
    var game = first;
    if (hasTrumps(d.game)) {
      first = fill(d.matadors > 0 ? words["with"] : words.without,
                   {game: first, n: Math.abs(d.matadors)});
    }
    var rest = [];
    if (d.schwarzSaid && !d.ouvert) rest.push(words.schwarz_announced);
    else if (d.schneiderSaid && !d.ouvert) rest.push(words.schneider_announced);
    if (result.schwarz) rest.push(words.schwarz);
    else if (result.schneider) rest.push(words.schneider);
    if (d.recontra) rest.push(words.recontra);
    else if (d.contra) rest.push(words.contra);
    if (d.conceded) rest.push(words.conceded);
    if (d.revoke) rest.push(words.revoked[d.revoke]);
    var cards = rest.slice(); // what a comparative preview says before the cards count
    if (result.overbid) rest.push(fill(words.overbid, {bid: d.bid || d.game.min_value || 0}));
    rest.push(result.won ? words.won : words.lost);
    return {parts: [first].concat(rest), pending: [game].concat(cards)};
  }

  /* ---- the preview -------------------------------------------------------------------- */

  function entriesOf(value, mover, contraBy, contraValue, revokedBy, revokeValue) {
    var entries = {};
    var add = function (seat, points) {
      entries[String(seat)] = (entries[String(seat)] || 0) + points;
    };
    if (mover !== null && mover !== undefined && value) add(mover, value);
    if (contraBy !== null && contraValue) add(contraBy, contraValue);
    if (revokedBy !== null && revokeValue) add(revokedBy, revokeValue);
    return entries;
  }

  function moved(totals, entries) {
    return totals.map(function (total, i) { return total + (entries[String(i + 1)] || 0); });
  }

  function seegerFabian(rules, table, declarer, won, entries) {
    if (!rules.scoring.sheet_foot) return null;
    var bonus = rules.scoring.game_bonus;
    var others = rules.scoring.opponent_bonus[String(table.seats)] || 0;
    var change = {};
    for (var seat = 1; seat <= table.seats; seat++) {
      var points = entries[String(seat)] || 0;
      if (declarer !== null && seat === declarer) points += won ? bonus : -bonus;
      else if (declarer !== null && !won) points += others;
      change[String(seat)] = points;
    }
    return change;
  }

  function refused(rules, errors) {
    var said = {};
    Object.keys(errors).forEach(function (field) {
      said[field] = [fill(gettext("%(field)s: %(reason)s"),
                          {field: label(rules, field), reason: errors[field]})];
    });
    return {ok: false, errors: said, non_field: []};
  }

  function tableOf(rules, fields, table) {
    table = table || {};
    var seats = table.seats === 3 ? 3 : 4;
    var dealer = typeof table.dealer === "number" ? table.dealer : null;
    var stamp = whole(reader(fields)("number"));
    var number = !stamp.invalid && stamp.value !== null ? stamp.value :
      (typeof table.number === "number" ? table.number : null);
    return {
      seats: seats, sitsOut: seats === 4 ? dealer : null, number: number,
      deck: typeof table.deck === "number" ? table.deck : null,
      totals: Array.isArray(table.totals) && !table.hide_totals ? table.totals : null,
      before: Array.isArray(table.before) ? table.before : null
    };
  }

  function evaluate(rules, fields, tableGiven) {
    var table = tableOf(rules, fields, tableGiven);
    var entry = readForm(rules, fields, table);
    if (entry.errors) return refused(rules, entry.errors);
    var fault = checkSeats(table, entry);
    var parsed = null;
    if (!fault) {
      if (entry.game.kind === "ramsch") parsed = parseRamsch(rules, entry.record);
      else if (entry.game.kind === "passed") parsed = {passed: true};
      else parsed = parseDeclaration(rules, entry.game, entry.record);
      if (parsed instanceof Refusal) fault = parsed;
    }
    if (fault) {
      var errors = {};
      errors[fault.field] = fault.reason;
      return refused(rules, errors);
    }
    var result = parsed.passed ? outcome(false, 0, 0, 0, false, false, false, null, null) :
      parsed.ramsch ? scoreRamsch(rules, parsed) :
      entry.game.kind === "null" ? scoreFixed(rules, parsed) : scoreWithTrumps(rules, parsed);
    var words = describe(rules, parsed, result);
    if (entry.pending) {
      return {ok: true, number: table.number,
              text: words.pending.join(rules.words.separator), value: null, won: null,
              outcome: null, entries: {}, score: {}, totals: null, totals_after: null,
              seeger_fabian: null,
              pending: fill(gettext("The matadors, the value and the new totals come from the " +
                                    "cards of deck %(deck)s when the deal is saved."),
                            {deck: table.deck})};
    }
    var declarer = entry.declarer;
    var entries = entriesOf(result.value, declarer !== null ? declarer : entry.record.loser,
                            entry.contraBy, result.contra_value, entry.revokedBy,
                            result.revoke_value);
    var score = {};
    Object.keys(entries).forEach(function (seat) { score[seat] = entries[seat]; });
    return {
      ok: true, number: table.number, text: words.parts.join(rules.words.separator),
      value: result.value, won: declarer !== null ? result.won : null, outcome: result,
      entries: entries, score: score,
      totals: table.totals ? moved(table.totals, entries) : null,
      totals_after: table.totals ? moved(table.before || table.totals, entries) : null,
      seeger_fabian: seegerFabian(rules, table, declarer, result.won, entries)
    };
  }

  function preview(rules, fields, table) {
    try {
      return evaluate(rules, fields, table);
    } catch (error) { // a help only: saving the deal still checks everything on the server
      return {ok: false, errors: {}, non_field: [
        gettext("The preview cannot work this deal out without the server; saving it will.")]};
    }
  }

  return {preview: preview};
});
