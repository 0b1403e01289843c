package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.PairwiseGraph;
import org.occam.search.GreedyEdgePath;

class RankedGraphTest {
  @Test
  void aPathRankingListsEmptyChainThePathAndComplete() {
    // on 3 vertices a greedy path has 4 steps: 0, 1, 2 and 3 edges; score = minus the number of edges at 0-2
    List<GreedyEdgePath.Step> path = GreedyEdgePath.run(3, g -> -g.edgeCount(), 1);
    assertThat(path).hasSize(4);
    List<PairwiseGraph> graphs = RankedGraph.pathGraphs(path, 3);
    assertThat(graphs).hasSize(5);
    assertThat(graphs.get(0).edgeCount()).isZero();
    assertThat(graphs.get(1)).isEqualTo(new PairwiseGraph(3, new int[][] {{0, 1}, {1, 2}}));
    List<List<EvidenceEstimate>> scored = new ArrayList<>();
    graphs.forEach(g -> scored.add(List.of()));
    List<RankedGraph> models = RankedGraph.path(path, graphs, scored);
    assertThat(models).extracting(RankedGraph::name).containsExactly("empty", "chain", "path-1", "path-2",
        "complete");
    assertThat(models).extracting(RankedGraph::pathStep).containsExactly(0, null, 1, 2, 3);
    assertThat(models.get(4).graph().edgeCount()).isEqualTo(3);
    assertThat(models.get(2).added()).isEqualTo(path.get(1).added());
  }

  @Test
  void everyGraphIsNamedByItsIndex() {
    List<PairwiseGraph> graphs = List.of(new PairwiseGraph(2, new int[0][]), PairwiseGraph.complete(2));
    List<RankedGraph> models = RankedGraph.all(graphs, List.of(List.of(), List.of()));
    assertThat(models).extracting(RankedGraph::name).containsExactly("empty", "complete");
    assertThat(models).extracting(RankedGraph::pathStep).containsOnlyNulls();
  }

  @Test
  void chosenGraphsAreNamedByTheirIndexAmongAll() {
    List<PairwiseGraph> graphs = List.of(new PairwiseGraph(3, new int[0][]),
        new PairwiseGraph(3, new int[][] {{1, 2}, {0, 1}}), PairwiseGraph.complete(3));
    List<RankedGraph> models = RankedGraph.among(graphs, List.of(List.of(), List.of(), List.of()));
    // pairs 0-1, 0-2, 1-2 are bits 0, 1, 2: {0-1, 1-2} is 0b101
    assertThat(models).extracting(RankedGraph::name).containsExactly("empty", "graph-5", "complete");
  }
}
