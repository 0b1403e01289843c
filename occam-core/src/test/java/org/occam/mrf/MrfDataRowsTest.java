package org.occam.mrf;

import org.occam.sampling.PosteriorDrawSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.sampling.SamplerSettings;

/** The distinct-row table MrfData keeps for contrastive divergence, and the problem's shared cache. */
class MrfDataRowsTest {
  private static final List<Variable> AB = List.of(Variable.withCount("a", 2), Variable.withCount("b", 2));

  @Test
  void dataReadFromRowsKeepTheirDistinctRowsNamesAndCounts() {
    PairwiseGraph edge = PairwiseGraph.complete(2);
    Dataset d = Dataset.of(AB, new int[][] {{0, 1}, {1, 1}, {0, 1}, {0, 0}});
    MrfData fromDataset = MrfData.of(edge, d);
    assertThat(fromDataset.hasRows()).isTrue();
    assertThat(fromDataset.table().names()).containsExactly("a", "b");
    assertThat(fromDataset.table().size()).isEqualTo(d.distinctRows());
    double total = 0;
    for (double c : fromDataset.table().counts()) {
      total += c;
    }
    assertThat(total).isEqualTo(4);
    MrfData fromRows = MrfData.ofRows(edge, new MrfData.RowTable(List.of("a", "b"),
        new int[][] {{0, 1}, {1, 1}, {0, 0}}, new double[] {2, 1, 1}));
    assertThat(fromRows.featureMeans()).containsExactly(fromDataset.featureMeans());
    assertThat(fromRows.rows()).isEqualTo(4);
    assertThat(new MrfData(edge, 4, fromRows.featureMeans()).hasRows()).isFalse();
  }

  @Test
  void everyGraphsDataReadTheDataSetsRowsInPlace() {
    Dataset d = Dataset.of(AB, new int[][] {{0, 1}, {1, 1}, {0, 1}, {0, 0}});
    MrfData empty = MrfData.of(new PairwiseGraph(2, new int[0][]), d);
    MrfData edge = MrfData.of(PairwiseGraph.complete(2), d);
    for (int r = 0; r < d.distinctRows(); r++) {
      assertThat(empty.table().x()[r]).isSameAs(d.row(r));
      assertThat(edge.table().x()[r]).isSameAs(d.row(r));
    }
  }

  @Test
  void badRowsAreRefusedWithOneLine() {
    PairwiseGraph edge = PairwiseGraph.complete(2);
    assertThatThrownBy(() -> MrfData.ofRows(edge, new MrfData.RowTable(List.of("a", "b"), new int[][] {{0, 2}},
        new double[] {1}))).isInstanceOf(InvalidInputException.class).hasMessageContaining("value 2");
    assertThatThrownBy(() -> MrfData.ofRows(edge, new MrfData.RowTable(List.of("a", "b"), new int[][] {{0}},
        new double[] {1}))).isInstanceOf(InvalidInputException.class).hasMessageContaining("1 values for 2");
    assertThatThrownBy(() -> MrfData.ofRows(edge, new MrfData.RowTable(List.of("a", "b"), new int[][] {{0, 1}},
        new double[] {0}))).isInstanceOf(InvalidInputException.class).hasMessageContaining("at least one row");
    assertThatThrownBy(() -> new MrfData.RowTable(List.of("a", "b"), new int[][] {{0, 1}}, new double[] {1, 2}))
        .isInstanceOf(InvalidInputException.class);
  }

  @Test
  void theProblemSharesWorkByKeyAndCarriesItsPosteriorSettings() {
    PairwiseGraph edge = PairwiseGraph.complete(2);
    MrfData d = MrfData.of(edge, Dataset.of(AB, new int[][] {{0, 1}, {1, 1}}));
    MrfProblem plain = new MrfProblem(edge, d, MrfScoreSettings.defaults(), 1);
    assertThat(plain.posteriorSettings()).isEqualTo(PosteriorDrawSettings.defaults());
    PosteriorDrawSettings hmc = PosteriorDrawSettings.defaults().withSampler("HMC")
        .withSampling(new SamplerSettings(100, 2, 10, 1000, 0.8, 1));
    MrfProblem p = new MrfProblem(edge, d, MrfScoreSettings.defaults(), 1, null, hmc);
    assertThat(p.posteriorSettings().sampler()).isEqualTo("hmc");
    int[] calls = new int[1];
    Object a = p.shared("k", q -> {
      calls[0]++;
      return new Object();
    });
    assertThat(p.<Object>shared("k", q -> new Object())).isSameAs(a);
    assertThat(p.<Object>shared("other", q -> new Object())).isNotSameAs(a);
    assertThat(calls[0]).isEqualTo(1);
    // the sampler's name is the family registry's to check (MrfPosteriorSamplers.get); the rest here
    assertThatThrownBy(() -> hmc.withPriorDraws(-1)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("prior draws");
    assertThatThrownBy(() -> hmc.withLangevinStep(2.5)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("(0, 2)");
  }
}
