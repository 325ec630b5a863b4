#include "engine/workload/sample_text.h"

namespace inferscope {

std::string_view sample_text() {
  // Plain prose about everyday things, so prompts read like real requests and tokenize like them.
  return R"(The harbour town woke slowly on winter mornings. Fishermen checked their nets by lamplight while the bakery on the corner pulled the first loaves out of the oven, and the smell of bread drifted down to the water. By seven the school bus had collected children from the hill roads, and the ferry to the island sounded its horn twice before leaving the pier.
Mara kept the lighthouse records for the council. Every evening she wrote down the wind speed, the height of the tide and the number of boats that had returned, and every month she added the figures into a report that nobody read until a storm made them important. She liked the work because it was patient: a column of numbers grows the way a wall grows, one stone at a time.
In spring the council asked her to explain why the harbour flooded more often than it used to. She spread thirty years of notebooks across the kitchen table and began to count. High tides had not changed much, but the strongest winds now came from the south-west, straight into the mouth of the bay, and they came in the same weeks as the spring tides. The answer was not one cause but two ordinary ones arriving together.
Her report suggested three things. First, raise the low wall by the fish market by half a metre. Second, move the fuel store away from the slipway. Third, and most cheaply, send a warning by text message whenever the forecast showed a south-westerly gale during a spring tide. The council argued about the wall for a year, but the warnings started the following week.
A good explanation, she wrote to a friend, is one that lets people act before they understand every detail. You do not need to know how the moon pulls the sea to move your car off the quay. You need to know when, and you need to trust the person who tells you.
The friend, a teacher in the city, read the letter to her class. They were studying how computers answer questions, and she asked them what a machine would need to give an answer that people could trust. One student said it would need to remember what it had already read. Another said it should show its working, like a maths exam. A third said it should be fast, because nobody waits for a slow answer, even a correct one.
They spent the afternoon building a small game on paper. One pupil played the reader, who could look only at the words already written. Another played the memory, who kept a card for every word so the reader did not have to reread the whole page each time. When the page grew long, the memory ran out of cards and had to decide which ones to throw away. Everyone agreed that the cards for the first line, the one that said what the story was about, should be kept the longest.
At the end of the lesson the teacher drew a table on the board: words read, cards kept, time taken. The numbers were small and a little silly, but they showed the same shape that engineers see in real systems: remembering costs space, forgetting costs time, and the clever part is choosing which to spend.
That evening Mara's niece called to say the class had used her letter. Mara laughed and said she had only been writing about tides. Then she went out to the lighthouse, wrote down the wind and the water, and added one more line to the long column of numbers.)";
}

}  // namespace inferscope
