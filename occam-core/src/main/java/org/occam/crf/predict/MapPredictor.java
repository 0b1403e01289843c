package org.occam.crf.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.crf.ChainInference;
import org.occam.crf.CrfData;
import org.occam.crf.CrfFeatures;
import org.occam.crf.CrfProblem;

/**
 * {@code map}: the most probable labelling at the MAP parameters, {@code argmax_t λMPᵀ f(t, x)}, by
 * Viterbi (Welling &amp; Parise 2006, section 5: the first term of eqn 15, "exactly the expression we
 * would have obtained from a standard MAP approach").
 */
public final class MapPredictor implements CrfPredictor {
  @Override
  public String name() {
    return "map";
  }

  @Override
  public String description() {
    return "Viterbi at the MAP parameters: argmax_t lambdaMP'f(t,x) (Welling & Parise 2006, sec. 5)";
  }

  @Override
  public CrfPrediction predict(CrfProblem trained, CrfData test, PredictionSettings settings, long seed) {
    long t0 = System.nanoTime();
    CrfProblem.Fit fit = trained.map();
    CrfFeatures f = PredictionSupport.testFeatures(trained, test);
    List<int[]> labels = new ArrayList<>(PredictionSupport.perSequence(trained, f,
        n -> PredictionSupport.labels(ChainInference.viterbi(f.potentials(n, fit.lambda()), f.length(n)))));
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("mapConverged", fit.converged());
    return new CrfPrediction(name(), labels, (System.nanoTime() - t0) * 1e-9, diag);
  }
}
