package org.occam.experiments.chenwelling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.rbm.RbmMethod;
import org.occam.report.ResultJson;

/** The {@code summary.json} of {@link ChenWellingExperiment}. */
final class ChenWellingSummary {
  private ChenWellingSummary() {}

  /** {@code summary.json}: the design, the settings, the subsets, the choices, the closeness, the claims and the timing. */
  static Map<String, Object> summary(ChenWellingReport.Context c, ChenWellingReport.Results r) {
    ChenWellingPlan p = c.plan();
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", "Chen & Welling (2013), Figures 1-2, 4, 6 and 7");
    root.put("seed", c.seed());
    root.put("quick", c.quick());
    root.put("parts", c.parts().stream().map(ChenWellingDesign.Part::label).toList());
    root.put("threads", c.threads());
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("file", c.data().toString());
    data.put("documents", c.documents());
    data.put("words", c.vocabulary());
    data.put("fewWords", c.fewWords());
    data.put("note", "State of the Union chunks; the paper used 20 Newsgroups (not available)");
    root.put("data", data);
    Map<String, Object> design = new LinkedHashMap<>();
    design.put("models", p.models());
    design.put("visible", ChenWellingDesign.VISIBLE);
    design.put("trueHidden", p.trueHidden());
    design.put("sizes", p.sizes());
    design.put("candidates", Arrays.stream(p.candidates()).boxed().toList());
    design.put("fig4Sizes", p.fig4Sizes());
    design.put("fig4Hidden", p.fig4Hidden());
    design.put("fig6Hidden", Arrays.stream(p.fig6Hidden()).boxed().toList());
    design.put("fig7Hidden", Arrays.stream(p.fig7Hidden()).boxed().toList());
    design.put("fig7LaplaceHidden", Arrays.stream(p.fig7LaplaceHidden()).boxed().toList());
    design.put("methods", p.scores().stream().map(RbmMethod::label).toList());
    design.put("aisPd", p.aisPdAsked());
    design.put("reference", p.reference());
    design.put("repeats", p.repeats());
    root.put("design", design);
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("laplace", p.laplace().toMap());
    settings.put("figures12Laplace", p.small().toMap());
    settings.put("figures12CrossValidation", p.cv().toMap());
    Map<String, Object> ais = new LinkedHashMap<>();
    ais.put("runs", p.aisPd().runs());
    ais.put("steps", p.aisPd().steps());
    ais.put("note", "asked of ais-pd; passed to RbmScorer once it takes ais-pd settings");
    settings.put("aisPd", ais);
    if (p.scores().stream().anyMatch(RbmMethod::sampleBased)) {
      settings.put("posterior", p.posterior().toMap());
    }
    root.put("settings", settings);
    ChenWellingExperiment.Seeds s = c.seeds();
    Map<String, Object> seeds = new LinkedHashMap<>();
    seeds.put("figures12Laplace", s.fig12Laplace());
    seeds.put("figures12CrossValidation", s.fig12Cv());
    seeds.put("figure4Subsets", s.fig4Subsets());
    seeds.put("figure4Scores", s.fig4Scores());
    seeds.put("figure6Subset", s.fig6Subset());
    seeds.put("figure6Scores", s.fig6Scores());
    seeds.put("figure7Subset", s.fig7Subset());
    seeds.put("figure7Scores", s.fig7Scores());
    seeds.put("rule", "task seed = SplitMix64 hash of the part's seed and the task's (model, N, K, run, group); "
        + "the models and samples of Figures 1-2 come from streams split off --seed's stream first");
    root.put("seeds", seeds);
    Map<String, Object> figures = new LinkedHashMap<>();
    if (!r.choiceSummaries().isEmpty()) {
      List<Object> list = new ArrayList<>();
      for (ChenWellingFigures.ChoiceSummary cs : r.choiceSummaries()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", cs.n());
        m.put("method", cs.method());
        m.put("models", cs.models());
        m.put("meanChosenK", cs.meanK());
        m.put("sdChosenK", cs.sdK());
        m.put("meanAbsErrorFromTrueK", cs.meanAbsError());
        m.put("correct", cs.correct());
        list.add(m);
      }
      figures.put("1-2", Map.of("chosenK", list));
    }
    for (var e : r.closeness().entrySet()) {
      List<Object> list = new ArrayList<>();
      for (ChenWellingFigures.Closeness cl : e.getValue()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("method", cl.method());
        m.put("points", cl.points());
        m.put("missing", cl.missing());
        m.put("meanAbsDiffPerDocument", cl.meanAbsDiff());
        m.put("meanSignedDiffPerDocument", cl.meanSignedDiff());
        m.put("below", cl.below());
        list.add(m);
      }
      figures.put(e.getKey(), Map.of("closeness", list));
    }
    root.put("figures", figures);
    List<Object> claims = new ArrayList<>();
    for (ChenWellingReport.Claim cl : r.claims()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("figure", cl.figure());
      m.put("claim", cl.title());
      m.put("paper", cl.paper());
      m.put("verdict", cl.verdict());
      m.put("evidence", cl.evidence());
      m.put("numbers", cl.numbers());
      claims.add(m);
    }
    root.put("claims", claims);
    root.put("subsets", c.subsets().stream().map(x -> ResultJson.object("figure", x.figure(), "n", x.n(), "seed", x.seed(),
        "draws", x.draws(), "distinctRows", x.distinct())).toList());
    Map<String, Object> timing = new LinkedHashMap<>();
    timing.put("totalSeconds", c.totalSeconds());
    List<Object> parts = new ArrayList<>();
    for (ChenWellingExperiment.PartTiming t : c.timings()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("figure", t.figure());
      m.put("tasks", t.tasks());
      m.put("wallSeconds", t.wallSeconds());
      m.put("summedTaskSeconds", t.taskSeconds());
      parts.add(m);
    }
    timing.put("parts", parts);
    timing.put("loadAverageAtStart", c.loadAtStart());
    timing.put("loadAverageAtEnd", c.loadAtEnd());
    root.put("timing", timing);
    return root;
  }

  /** The terminal: Figure 2's table, each evidence figure's closeness and the verdicts. */
}
