// The card games' tutorial: match the discard pile, draw when nothing fits, follow suit, see
// who takes a trick, and go out with the last card.
import { card, choice, nameOfCard, row, shown } from "./kit.js";

export const RULES_GAME = "last-card";

/** Choices from a hand of cards, `right` the ids that may be played. */
function hand(api, ids, right, hint, extra = []) {
  return row(
    api.t("tutorial.your_hand"),
    ids.map((id) =>
      choice(
        api,
        { id: id.split(".")[0], label: nameOfCard(id, api.t), right: right.includes(id), hint, params: { card: nameOfCard(id, api.t) } },
        card(id),
      ),
    ),
    extra,
  );
}

function pile(api, id) {
  return shown(`${api.t("tutorial.discard_pile")}: ${nameOfCard(id, api.t)}`, card(id));
}

function drawButton(api, right, hint) {
  return choice(api, { id: "draw", label: api.t("tutorial.draw"), right, hint, className: "tut-action" }, api.t("tutorial.draw"));
}

export const STEPS = [
  {
    key: "match",
    scene: (api) => [pile(api, "r7.0"), hand(api, ["b3.0", "g7.0", "y1.0"], ["g7.0"], "tutorial.cards.match.hint")],
  },
  {
    key: "draw",
    scene: (api) => [
      pile(api, "y4.0"),
      hand(api, api.solved ? ["b1.0", "r9.0", "g2.0", "y8.0"] : ["b1.0", "r9.0", "g2.0"], [], "tutorial.cards.draw.hint", api.solved ? [] : [drawButton(api, true)]),
    ],
  },
  {
    key: "follow",
    scene: (api) => [
      shown(`${api.t("tutorial.led")}: ${nameOfCard("HK.0", api.t)}`, card("HK.0")),
      hand(api, ["SA.0", "H5.0", "CQ.0"], ["H5.0"], "tutorial.cards.follow.hint"),
    ],
  },
  {
    key: "trick",
    scene: (api) =>
      row(
        api.t("tutorial.trick"),
        ["D9.0", "DQ.0", "CA.0"].map((id) =>
          choice(
            api,
            {
              id: id.split(".")[0],
              label: nameOfCard(id, api.t),
              right: id === "DQ.0",
              hint: id === "CA.0" ? "tutorial.cards.trick.hint_suit" : "tutorial.cards.trick.hint",
              params: { card: nameOfCard(id, api.t) },
            },
            card(id),
          ),
        ),
      ),
  },
  {
    key: "last",
    scene: (api) => [
      pile(api, api.solved ? "b9.0" : "b5.0"),
      api.solved ? null : hand(api, ["b9.0"], ["b9.0"], null, [drawButton(api, false, "tutorial.cards.last.hint")]),
    ],
  },
];
