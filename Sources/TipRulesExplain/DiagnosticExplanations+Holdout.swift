import TipRulesCompiler
import TipRulesToolingCore

/// The explanations of a tip's holdout codes (TR0430–TR0432, and the lint TR0714).
extension DiagnosticExplanations {
    static let holdoutEntries: [Entry] = [
        Entry(.holdoutShareOutOfRange, "holdout share that is not a constant from 1 to 50",
              meaning: #"""
              `holdout(P, of: ID, group: G)` holds a tip out for the units whose holdout bucket
              (`bucket(of: ID, group: "holdout:" + G)`) is at most P, to measure what the tip changes against
              the units that never see it. P is a whole percentage from 1 to 50, written as a
              constant: a share that changed with the person's state would move people between
              the arms, and a holdout larger than the treatment measures little.
              """#,
              example: #"""
              parameter userID: String = ""

              tip ProFiltersTip {
                  title: "Try the pro filters"
                  holdout(60, of: userID)
              }
              """#,
              fix: #"""
              Hold out a share from 1 to 50; 5 to 20 is usual.
              """#,
              corrected: #"""
              parameter userID: String = ""

              tip ProFiltersTip {
                  title: "Try the pro filters"
                  holdout(10, of: userID)
              }
              """#),
        Entry(.duplicateHoldout, "second 'holdout(…)' in a tip",
              meaning: #"""
              A tip is measured by one holdout: each unit is in its treatment or its holdout
              arm, once. Two holdouts would put a unit in two experiments whose arms overlap.
              """#,
              example: #"""
              parameter userID: String = ""

              tip ProFiltersTip {
                  title: "Try the pro filters"
                  holdout(10, of: userID)
                  holdout(5, of: userID, group: "filters-2027")
              }
              """#,
              fix: #"""
              Keep one holdout. To start a new experiment, change its group: every unit is then
              bucketed again.
              """#,
              corrected: #"""
              parameter userID: String = ""

              tip ProFiltersTip {
                  title: "Try the pro filters"
                  holdout(5, of: userID, group: "filters-2027")
              }
              """#),
        Entry(.holdoutChanged, "holdout whose group or share differs from the baseline's",
              meaning: #"""
              `tiprulec check --baseline OLD` compares the program with the release in the
              field (and `tiprulec publish` with the channel's current release). A tip whose
              holdout changes its group re-buckets every unit: people already exposed are in
              two experiments, and their exposures no longer match their arm. Adding `id:` to a
              tip does it silently, since the group defaults to the tip's id. A share that
              changes moves the units of the buckets in between from one arm to the other.
              """#,
              example: #"""
              // tiprulec check rules.tiprules --baseline release-41.tipc
              // (release 41: the tip had no id, so its group was "ProFiltersTip")
              parameter userID: String = ""

              tip ProFiltersTip {
                  id: "pro-filters"
                  title: "Try the pro filters"
                  holdout(10, of: userID)
              }
              """#,
              fix: #"""
              Keep the experiment's group and share: name the old group explicitly
              (`group: "ProFiltersTip"`) when the tip gets an id. To start a new experiment on
              purpose, change the group and measure the new group from its first exposure.
              """#,
              corrected: #"""
              // tiprulec check rules.tiprules --baseline release-41.tipc
              parameter userID: String = ""

              tip ProFiltersTip {
                  id: "pro-filters"
                  title: "Try the pro filters"
                  holdout(10, of: userID, group: "ProFiltersTip")
              }
              """#),
        Entry(.holdoutGroupShared, "rollout or bucket that names a holdout's group",
              meaning: #"""
              A holdout draws its units with its own salt: the holdout bucket is
              `bucket(of: ID, group: "holdout:" + G)`, so that who is held out is independent of
              every `bucket(…)` and `rollout(…)` of the program, even of one in the same group.
              A rule that names the holdout's group explicitly (`group: "pro-filters"`) looks
              as if it meant to pick or avoid the people held out; it does neither. A rollout
              and a holdout of one tip that both leave `group:` out are independent draws too,
              and get no warning.
              """#,
              example: #"""
              parameter userID: String = ""

              tip ProFiltersTip {
                  title: "Try the pro filters"
                  holdout(10, of: userID, group: "pro-filters")
                  #Rule(Self.$userID) { rollout(20, of: $0, group: "pro-filters") }
              }
              """#,
              fix: #"""
              Name the rollout its own group (or leave `group:` out): it rolls the tip out to a
              share of people, and the holdout then holds out P % of them.
              """#,
              corrected: #"""
              parameter userID: String = ""

              tip ProFiltersTip {
                  title: "Try the pro filters"
                  holdout(10, of: userID, group: "pro-filters")
                  #Rule(Self.$userID) { rollout(20, of: $0, group: "pro-filters-rollout") }
              }
              """#),
    ]
}
