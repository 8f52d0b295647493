// Shapes of published model architectures (layers, widths, heads, vocabulary, context, parameters), as data with
// a public source on every row, read like the accelerator table.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "ballpark/error.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

// Every figure is as its source publishes it; the table derives none. A mixture-of-experts model states its total
// parameters (what memory holds) apart from those active per token (what compute goes through); a dense model's
// two are the same figure.
struct ModelShape {
    std::string_view name;        // how results and messages name it: "Llama 3.1 8B"
    std::string_view aliases;     // other spellings, separated by '|': "Llama-3.1-8B|Meta-Llama-3.1-8B"
    double layers;                // transformer blocks (num_hidden_layers)
    double hidden;                // hidden size, the model width (hidden_size)
    double heads;                 // attention (query) heads (num_attention_heads)
    double kv_heads;              // key/value heads (num_key_value_heads): fewer than heads under grouped-query
                                  // attention, one under multi-query attention
    double head_size;             // dimension of one head's keys and values
    double vocab;                 // vocabulary size (vocab_size)
    double context;               // longest sequence it was released for, in tokens (max_position_embeddings)
    double total_params;          // every parameter, as published
    double active_params;         // parameters a token goes through, as published (the total for a dense model)
    std::string_view note;        // what a reader should know about the figures, may be empty
    std::string_view source;      // where the figures were published
};

// Every row, by family and then size.
std::span<const ModelShape> model_table() noexcept;

// The row a name matches, or an Error whose sentence lists the known names and whose hint names the closest.
// Case, spaces, dots, hyphens and underscores do not matter ("llama 3.1 8b", "Llama_31_8B", "Llama-3.1-8B").
Result<const ModelShape*> find_model(std::string_view name) noexcept;

// A figure of a named model as a plain number: "layers", "hidden", "heads", "kv_heads", "head_size", "vocab",
// "context", "total_params" or "active_params". A figure the table does not have is an Error that lists those it
// has (and says which of the two parameter counts to take when asked for "params").
Result<Quantity> model_figure(std::string_view name, std::string_view figure) noexcept;

// "layers, hidden, heads, …, total_params and active_params": the figures every row gives, as sentences list them.
std::string model_figure_names();

}  // namespace ballpark
