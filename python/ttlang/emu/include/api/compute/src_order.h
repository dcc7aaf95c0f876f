#pragma once
enum class SrcOrder { Regular, Reverse };
