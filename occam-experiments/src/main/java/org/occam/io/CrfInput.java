package org.occam.io;

import java.nio.file.Path;
import java.util.OptionalDouble;
import org.occam.crf.CrfCsvReader;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfReadOptions;
import org.occam.data.InvalidInputException;
import org.occam.mrf.GaussianPrior;

/**
 * A CRF and the data read for it, as the {@code occam crf} commands take them: a model file (its
 * labels and inputs shape how the data are read), or a template list, or the full model over the
 * data's inputs; and σ0 from the caller, else the model file, else the default.
 *
 * @param model the CRF
 * @param data the data read for it
 * @param file the model file as read, or null
 * @param source the model file's name, or {@code (--features)} / {@code (full model)}
 * @param sigma σ0
 * @param sigmaFrom where σ0 came from, for the report
 */
public record CrfInput(CrfModel model, CrfData data, CrfModelJson.Loaded file, String source, double sigma,
    String sigmaFrom) {
  /**
   * Reads the model and the data; fails before any work.
   *
   * @param modelFile a model file, or null
   * @param templates a comma-separated template list (without a model file), or null for the full model
   * @param sigma σ0 given by the caller (checked against {@link PriorRange}), or null
   * @param dataFile the sequence data
   * @param read how to read them (a model file's labels and inputs are applied on top)
   */
  public static CrfInput load(Path modelFile, String templates, Double sigma, Path dataFile, CrfReadOptions read) {
    Double checkedSigma = sigma == null ? null : PriorRange.sigma(sigma, "--prior-sigma");
    if (modelFile != null && templates != null) {
      throw new InvalidInputException("give --model or --features, not both");
    }
    CrfModelJson.Loaded file = modelFile == null ? null : CrfModelJson.read(modelFile);
    CrfData data = CrfCsvReader.read(dataFile, file == null ? read : read.forModel(file.model()));
    CrfModel model = file != null ? file.model() : CrfModel.of(templates, data);
    String source = file != null ? modelFile.toString() : templates == null ? "(full model)" : "(--features)";
    OptionalDouble fromFile = file == null ? OptionalDouble.empty() : file.priorSigma();
    double s = checkedSigma != null ? checkedSigma : fromFile.orElse(GaussianPrior.DEFAULT_SIGMA);
    String from = checkedSigma != null ? " from --prior-sigma" : fromFile.isPresent() ? " from the model file"
        : " (default)";
    return new CrfInput(model, data, file, source, s, from);
  }
}
